// ajv-merge-patch ships no type declarations; validation.md's options example imports it.
declare module 'ajv-merge-patch' {
  import type { Ajv } from 'ajv'
  const mergePatch: (ajv: Ajv) => Ajv
  export default mergePatch
}
