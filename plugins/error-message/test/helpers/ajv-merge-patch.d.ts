// ajv-merge-patch ships no types. This is the part the tests use: the module is an Ajv plugin.
declare module 'ajv-merge-patch' {
  function addMergePatchKeywords (ajv: unknown): void
  export default addMergePatchKeywords
}
