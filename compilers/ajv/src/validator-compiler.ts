import type { Ajv } from 'ajv'
import { addVendorKeywordsOf } from './annotation-keywords.js'
import { jsonCacheKey } from './cache-key.js'
import { AsyncSchemaError, MissingHttpPartError, explainCompileError } from './errors.js'
import { declaresAsync } from './schema-walk.js'
import { canDeferCompilation } from './deferrable.js'
import { loadStandalone, standaloneModule, type CodeCache } from './code-cache.js'
import type { ValidationFunction, ValidatorCompiler, ValidatorCompilerInput } from './types.js'

function storedValidatorFor (ajv: Ajv, schema: unknown): ValidationFunction | undefined {
  const id = typeof schema === 'object' && schema !== null ? (schema as { $id?: unknown }).$id : undefined
  // A '#name' id is local to the schema that holds it, never a key in Ajv's store.
  if (typeof id !== 'string' || id === '' || id.startsWith('#')) return undefined
  return ajv.getSchema(id)
}

const httpParts = new Set<unknown>(['body', 'querystring', 'params', 'headers'])

function describe ({ method, url, httpPart }: ValidatorCompilerInput): string {
  return `The ${httpPart} schema of ${method} ${url}`
}

/**
 * The compiler of one Ajv instance. Validators are cached by schema object and by JSON content,
 * so routes that repeat a schema (or a context re-asking at ready()) do not make Ajv generate and
 * evaluate the same code again.
 */
export function createAjvValidatorCompiler (ajv: Ajv, annotations = true, codeCache?: { store: CodeCache, prefix: string }): ValidatorCompiler {
  const byObject = new WeakMap<object, ValidationFunction>()
  const byContent = new Map<string, ValidationFunction>()

  function remember (schema: unknown, contentKey: string | undefined, validate: ValidationFunction): ValidationFunction {
    if (typeof schema === 'object' && schema !== null) byObject.set(schema, validate)
    if (contentKey !== undefined) byContent.set(contentKey, validate)
    return validate
  }

  function compileValidator (input: ValidatorCompilerInput): ValidationFunction {
    if (!httpParts.has(input.httpPart)) throw new MissingHttpPartError(input.httpPart)
    const schema: unknown = input.schema
    const cachedByObject = typeof schema === 'object' && schema !== null ? byObject.get(schema) : undefined
    if (cachedByObject !== undefined) return cachedByObject
    const contentKey = jsonCacheKey(schema)
    const cachedByContent = contentKey === undefined ? undefined : byContent.get(contentKey)
    if (cachedByContent !== undefined) return remember(schema, undefined, cachedByContent)

    if (declaresAsync(schema)) throw new AsyncSchemaError(describe(input))
    let validate: ValidationFunction
    try {
      // Reusing the stored validator avoids Ajv's "schema with key or id already exists" when a
      // route schema is one of the shared schemas (same $id).
      const stored = storedValidatorFor(ajv, schema)
      if (stored !== undefined) {
        validate = stored
      } else {
        if (annotations) addVendorKeywordsOf(ajv, schema)
        validate = compileThroughCache(schema, contentKey)
      }
    } catch (error) {
      throw explainCompileError(error)
    }
    // A sync route schema cannot $ref an async one (Ajv refuses), but a stored shared schema
    // could have been added as async by onCreate; either way an async validator never leaves here.
    if ((validate as { $async?: unknown }).$async === true) throw new AsyncSchemaError(describe(input))
    return remember(schema, contentKey, validate)
  }

  // schemaCache: the key holds the schema's JSON and, in `prefix`, the shared schemas, options and
  // package versions, so a file is only ever used for the exact input it was generated from.
  function compileThroughCache (schema: unknown, contentKey: string | undefined): ValidationFunction {
    if (codeCache === undefined || contentKey === undefined) return ajv.compile(schema as object)
    const key = `ajv\n${codeCache.prefix}\n${contentKey}`
    const code = codeCache.store.read(key)
    const loaded = code === undefined ? undefined : loadStandalone(code)
    if (loaded !== undefined) return loaded as ValidationFunction
    const validate = ajv.compile(schema as object)
    const generated = standaloneModule(ajv, validate)
    if (generated !== undefined) codeCache.store.write(key, generated)
    return validate
  }

  // Read by core's lazySchemaCompilation; the vendor keywords are declared first, as compile would.
  function canDefer (input: ValidatorCompilerInput): boolean {
    if (!httpParts.has(input.httpPart)) return false
    if (annotations) addVendorKeywordsOf(ajv, input.schema)
    return canDeferCompilation(ajv, input.schema)
  }

  return Object.assign(compileValidator, { canDefer })
}
