// types/ajv-merge-patch.d.ts
declare module 'ajv-merge-patch' { export default function addMergePatchKeywords (ajv: unknown): void }
