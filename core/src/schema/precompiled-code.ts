import { digest, type CodeCache } from './compile-cache.js'
import { errorCodes } from '../errors/codes.js'

/**
 * `schemaCache: { code }`: the default compilers' generated code, made when the app was built
 * (`enclave-worker-build`), for platforms that forbid generating code at run time (Cloudflare
 * Workers refuse `new Function` and `eval`). The entries have the layout of a `schemaCache` bundle
 * file: the sha256 of a compiler's key, then its CommonJS module function.
 */
export interface PrecompiledSchemaCode {
  /** `[keyHash, moduleFunction, keyHash, moduleFunction, …]`. */
  readonly entries: readonly unknown[]
  /** What the generated modules `require()`, by the id they require it with. */
  readonly modules: Readonly<Record<string, unknown>>
  /**
   * Build time only: given, a key with no entry is compiled as usual and its code handed here
   * (with the key's hash) instead of failing. The build step records an app's code this way.
   */
  readonly record?: (keyHash: string, code: string) => void
}

type ModuleFunction = (this: unknown, require: (id: string) => unknown, module: { exports: unknown }, exports: unknown) => void

/** What a key names, for the error: its last line is the schema's JSON (see the compilers' keys). */
function schemaOfKey (key: string): string {
  const compiler = key.slice(0, key.indexOf('\n'))
  const schema = key.slice(key.lastIndexOf('\n') + 1)
  const what = compiler === 'fjs' ? 'The response schema' : 'The schema'
  return `${what} ${schema.length > 200 ? `${schema.slice(0, 200)}…` : schema}`
}

/**
 * The code cache that serves `schemaCache: { code }`: generated modules are looked up, never
 * generated. A key without an entry fails with ENC_ERR_SCHEMA_NOT_PRECOMPILED (core adds the
 * route and part), so nothing reaches Ajv or fast-json-stringify's code generation.
 */
export function createPrecompiledCodeCache (code: PrecompiledSchemaCode): CodeCache {
  const byHash = new Map<string, ModuleFunction>()
  for (let i = 0; i + 1 < code.entries.length; i += 2) {
    const hash = code.entries[i]
    const run = code.entries[i + 1]
    if (typeof hash === 'string' && typeof run === 'function') byHash.set(hash, run as ModuleFunction)
  }
  const modules = code.modules
  const record = code.record
  return {
    load (key, compilerRequire) {
      const run = byHash.get(digest(key))
      if (run === undefined) {
        if (record !== undefined) return undefined
        throw new errorCodes.ENC_ERR_SCHEMA_NOT_PRECOMPILED(schemaOfKey(key))
      }
      const module = { exports: {} as unknown }
      run.call(module.exports, function requirePrecompiled (id: string): unknown {
        // The compiler's own require still serves the ids it answers itself (Enclave's formats).
        return Object.hasOwn(modules, id) ? modules[id] : compilerRequire(id)
      }, module, module.exports)
      return module.exports
    },
    write (key, generated) {
      record?.(digest(key), generated)
    }
  }
}
