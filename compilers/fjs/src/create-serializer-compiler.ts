import { createRequire } from 'node:module'
import type fastJsonStringify from 'fast-json-stringify'
import { externalSchemasCacheKey, schemaCacheKey } from './cache-key.js'
import { withFjsWorkarounds } from './fjs-workarounds.js'
import { canDeferSerializer } from './deferrable.js'
import { generatorVersions, loadStandalone, loadStored, type CodeCache } from './code-cache.js'
import { externalsForRouteSchema } from './route-externals.js'
import { withObjectMechanism } from './object-mechanism.js'
import type {
  SerializerCompiler,
  SerializerCompilerFactory,
  SerializerCompilerInput,
  SerializerFunction,
  SerializerOptions
} from './types.js'

/**
 * Every `$ref` form of the spec (`#id`, `#/definitions/x`, `id#`, `id#/definitions/x`, `id#anchor`,
 * `id#/properties/x`) is resolved by fast-json-stringify 7 as-is, given the shared schemas keyed by
 * their `$id`, so references need no rewriting (test/ref-forms.test.ts pins that down); schemas
 * only go through withFjsWorkarounds.
 */
export function createSerializerCompilerFactory (options: SerializerOptions = {}, codeCache?: CodeCache): SerializerCompilerFactory {
  const fjsOptions = withoutNonFunctionModes(options)
  // Options holding functions cannot be part of a key: no persisted code then.
  const optionsKey = codeCache === undefined || Object.values(fjsOptions).some(isFunction) ? undefined : schemaCacheKey(fjsOptions)
  // Contexts that see the same shared schemas share one compiler and so one cache of functions.
  const compilers = new Map<string, SerializerCompiler>()

  return function serializerCompilerFactory (externalSchemas: Record<string, object>): SerializerCompiler {
    const key = externalSchemasCacheKey(externalSchemas ?? {})
    if (key === undefined) return buildSerializerCompiler(externalSchemas ?? {}, fjsOptions)
    let compiler = compilers.get(key)
    if (compiler === undefined) {
      const persisted = optionsKey === undefined ? undefined : { store: codeCache!, prefix: `${generatorVersions}\n${optionsKey}\n${key}` }
      compiler = buildSerializerCompiler(externalSchemas, fjsOptions, persisted)
      compilers.set(key, compiler)
    }
    return compiler
  }
}

export function createSerializerCompiler (
  externalSchemas: Record<string, object> = {},
  options: SerializerOptions = {}
): SerializerCompiler {
  return createSerializerCompilerFactory(options)(externalSchemas)
}

function isFunction (value: unknown): boolean {
  return typeof value === 'function'
}

function buildSerializerCompiler (
  externalSchemas: Record<string, object>,
  options: SerializerOptions,
  codeCache?: { store: CodeCache, prefix: string }
): SerializerCompiler {
  // A snapshot: schemas added to the caller's record later must not change what this compiler,
  // cached under the record's content at creation time, resolves.
  const externals: Record<string, object> = {}
  for (const id of Object.keys(externalSchemas)) externals[id] = withFjsWorkarounds(externalSchemas[id] as object)
  const serializers = new Map<string, SerializerFunction>()

  function serializerCompiler ({ schema }: SerializerCompilerInput): SerializerFunction {
    const key = schemaCacheKey(schema)
    if (key === undefined) return compileSerializer(schema, externals, options)
    let serializer = serializers.get(key)
    if (serializer === undefined) {
      serializer = codeCache === undefined ? compileSerializer(schema, externals, options) : compileThroughCache(schema, key, codeCache)
      serializers.set(key, serializer)
    }
    return serializer
  }

  // schemaCache: the key holds the schema's JSON and, in `prefix`, the shared schemas, options and
  // package versions, so a file is only ever used for the exact input it was generated from.
  function compileThroughCache (schema: unknown, schemaKey: string, codeCache: { store: CodeCache, prefix: string }): SerializerFunction {
    const key = `fjs\n${codeCache.prefix}\n${schemaKey}`
    const loaded = loadStored(codeCache.store, key)
    if (loaded !== undefined) return loaded
    // inlineValidators: the Ajv validators of anyOf, oneOf and if/then/else are generated code in
    // the module too, so loading it compiles nothing (and needs no code generation at all).
    const generated = compileSerializer(schema, externals, { ...options, mode: 'standalone', inlineValidators: true } as SerializerOptions) as unknown
    const serializer = typeof generated === 'string' ? loadStandalone(generated) : undefined
    // Standalone code that does not run here is not kept: the serializer is built the usual way.
    if (serializer === undefined) return compileSerializer(schema, externals, options)
    codeCache.store.write(key, generated as string)
    return serializer
  }

  // Read by core's lazySchemaCompilation.
  function canDefer ({ schema }: SerializerCompilerInput): boolean {
    return canDeferSerializer(schema)
  }

  return Object.assign(serializerCompiler, { canDefer })
}

let fastJsonStringifyModule: typeof fastJsonStringify | null = null

/**
 * fast-json-stringify (and the Ajv it brings) is loaded by the first schema compiled without a
 * cached code: an app with no response schemas never reads it. A literal `createRequire(import.meta.url)`
 * call is what @enclave/worker-build's bundler plugin turns into a bundled require.
 */
function loadFastJsonStringify (): typeof fastJsonStringify {
  if (fastJsonStringifyModule === null) fastJsonStringifyModule = createRequire(import.meta.url)('fast-json-stringify') as typeof fastJsonStringify
  return fastJsonStringifyModule
}

function compileSerializer (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the route's schema as core hands it over (SerializerCompilerInput)
  schema: any,
  externalSchemas: Record<string, object>,
  options: SerializerOptions
): SerializerFunction {
  const schemaOption = externalsForRouteSchema(externalSchemas, schema) as Record<string, fastJsonStringify.Schema>
  const rewritten = withFjsWorkarounds<object>(schema as object)
  return loadFastJsonStringify()(rewritten, { ...withObjectMechanism(options, rewritten), schema: schemaOption }) as SerializerFunction
}

/** The types already exclude them; this guards JavaScript callers (see SerializerOptions). */
function withoutNonFunctionModes (options: SerializerOptions): SerializerOptions {
  const { mode: _mode, debugMode: _debugMode, schema: _schema, ...rest } = (options ?? {}) as SerializerOptions & {
    mode?: unknown
    debugMode?: unknown
    schema?: unknown
  }
  return rest
}
