import type { Ajv } from 'ajv'
import { addVendorKeywordsOf } from './annotation-keywords.js'
import { jsonCacheKey } from './cache-key.js'
import { AsyncSchemaError, MissingHttpPartError, explainCompileError } from './errors.js'
import { declaresAsync } from './schema-walk.js'
import { canDeferCompilation } from './deferrable.js'
import { loadStandalone, standaloneModule, type CodeCache } from './code-cache.js'
import type { ValidationFunction, ValidatorCompiler, ValidatorCompilerInput } from './types.js'

/** The `$id` under which Ajv's store may already hold the schema (a shared schema used as a route's). */
function storableIdOf (schema: unknown): string | undefined {
  const id = typeof schema === 'object' && schema !== null ? (schema as { $id?: unknown }).$id : undefined
  // A '#name' id is local to the schema that holds it, never a key in Ajv's store.
  return typeof id !== 'string' || id === '' || id.startsWith('#') ? undefined : id
}

const httpParts = new Set<unknown>(['body', 'querystring', 'params', 'headers'])

/**
 * Whether Ajv may coerce the validated value itself (`"10"` to `10` under `type: 'integer'`, a
 * scalar to `[scalar]` under `coerceTypes: 'array'`). Ajv writes a coerced root back only through
 * the parent object it is given, so core calls such a validator with one (see `coercesRoot` in
 * core's validate.ts). An object root is replaced only when `nullable`: `""`, `0` and `false`
 * become `null`; otherwise its properties are coerced in place.
 */
function mayCoerceRoot (schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false
  return (schema as { type?: unknown }).type !== 'object' || (schema as { nullable?: unknown }).nullable === true
}

function markRootCoercion (validate: ValidationFunction, schema: unknown): ValidationFunction {
  if (mayCoerceRoot(schema)) validate.coercesRoot = true
  return validate
}

function describe ({ method, url, httpPart }: ValidatorCompilerInput): string {
  return `The ${httpPart} schema of ${method} ${url}`
}

/**
 * The compiler of one Ajv instance. Validators are cached by schema object and by JSON content,
 * so routes that repeat a schema (or a context re-asking at ready()) do not make Ajv generate and
 * evaluate the same code again. Given a function instead of an instance, the instance is created
 * on the first schema that needs it: with schemaCache, a start that finds every validator stored
 * creates none.
 */
export function createAjvValidatorCompiler (ajvOrFactory: Ajv | (() => Ajv), annotations = true, codeCache?: { store: CodeCache, prefix: string }, asyncSchemas = false): ValidatorCompiler {
  let instance: Ajv | undefined = typeof ajvOrFactory === 'function' ? undefined : ajvOrFactory
  function ajvOf (): Ajv {
    instance ??= (ajvOrFactory as () => Ajv)()
    return instance
  }
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

    if (!asyncSchemas && declaresAsync(schema)) throw new AsyncSchemaError(describe(input))
    let validate: ValidationFunction
    try {
      validate = compileThroughCache(schema, contentKey)
    } catch (error) {
      throw explainCompileError(error)
    }
    // A sync route schema cannot $ref an async one (Ajv refuses), but a stored shared schema
    // could have been added as async by onCreate; either way an async validator never leaves here.
    if (!asyncSchemas && (validate as { $async?: unknown }).$async === true) throw new AsyncSchemaError(describe(input))
    return remember(schema, contentKey, markRootCoercion(validate, schema))
  }

  // schemaCache: the key holds the schema's JSON and, in `prefix`, the shared schemas, options and
  // package versions, so a file is only ever used for the exact input it was generated from.
  // A schema with an $id gets a key of its own: whether Ajv's store holds it decides which code is
  // made, and the store is not opened when the code is found.
  function compileThroughCache (schema: unknown, contentKey: string | undefined): ValidationFunction {
    const id = storableIdOf(schema)
    if (codeCache === undefined || contentKey === undefined) return compileWithAjv(schema, id)
    const key = id === undefined ? `ajv\n${codeCache.prefix}\n${contentKey}` : `ajv\n${codeCache.prefix}\n$id ${JSON.stringify(id)}\n${contentKey}`
    const loaded = loadStandalone(codeCache.store, key)
    if (loaded !== undefined) return loaded as ValidationFunction
    const ajv = ajvOf()
    const validate = compileWithAjv(schema, id)
    const generated = standaloneModule(ajv, validate)
    if (generated !== undefined) codeCache.store.write(key, generated)
    return validate
  }

  function compileWithAjv (schema: unknown, id: string | undefined): ValidationFunction {
    const ajv = ajvOf()
    // Reusing the stored validator avoids Ajv's "schema with key or id already exists" when a
    // route schema is one of the shared schemas (same $id).
    const stored = id === undefined ? undefined : ajv.getSchema(id)
    if (stored !== undefined) return stored
    if (annotations) addVendorKeywordsOf(ajv, schema)
    return ajv.compile(schema as object)
  }

  // Read by core's lazySchemaCompilation; the vendor keywords are declared first, as compile would.
  function canDefer (input: ValidatorCompilerInput): boolean {
    if (!httpParts.has(input.httpPart)) return false
    const ajv = ajvOf()
    if (annotations) addVendorKeywordsOf(ajv, input.schema)
    return canDeferCompilation(ajv, input.schema)
  }

  return Object.assign(compileValidator, { canDefer })
}
