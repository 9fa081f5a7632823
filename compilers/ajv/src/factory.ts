import type { Ajv } from 'ajv'
import { externalSchemasCacheKey, jsonCacheKey } from './cache-key.js'
import { generatorVersions } from './code-cache.js'
import { createAjv } from './create-ajv.js'
import type { AjvCompilerOptions, ValidatorCompiler, ValidatorCompilerFactory } from './types.js'
import { createAjvValidatorCompiler } from './validator-compiler.js'

/**
 * The returned factory is called once per encapsulation context. Contexts that see the same
 * shared schemas get the same compiler, hence one Ajv instance and one validator cache between
 * them instead of one per context.
 */
export function createValidatorCompilerFactory (options: AjvCompilerOptions = {}): ValidatorCompilerFactory {
  const compilers = new Map<string, ValidatorCompiler>()
  const annotations = options.annotationKeywords !== false
  // Plugins and onCreate change the generated code in ways no key can capture.
  const optionsKey = options.codeCache === undefined || (options.plugins ?? []).length > 0 || options.onCreate !== undefined
    ? undefined
    : jsonCacheKey([options.customOptions ?? null, annotations, options.optionalTimezone === true])

  return function buildValidatorCompiler (externalSchemas: Record<string, object> = {}): ValidatorCompiler {
    const key = externalSchemasCacheKey(externalSchemas)
    const cached = key === undefined ? undefined : compilers.get(key)
    if (cached !== undefined) return cached
    const persisted = optionsKey !== undefined && key !== undefined
    // With the cache, the instance (and Ajv's meta-schema compilation) waits for the first schema
    // not found in it; the shared schemas were valid when every stored entry was made.
    const ajv: Ajv | (() => Ajv) = persisted
      ? function createPersistedAjv () { return createAjv(options, externalSchemas, true) }
      : createAjv(options, externalSchemas, false)
    const compiler = createAjvValidatorCompiler(ajv, annotations, persisted
      ? { store: options.codeCache!, prefix: `${generatorVersions}\n${optionsKey}\n${key}` }
      : undefined, options.asyncSchemas === true)
    // Shared schemas that are not plain JSON cannot be compared, so they get an instance of their own.
    if (key !== undefined) compilers.set(key, compiler)
    return compiler
  }
}

/** One compiler for one set of shared schemas, for direct use or tests. */
export function createValidatorCompiler (
  externalSchemas: Record<string, object> = {},
  options: AjvCompilerOptions = {}
): ValidatorCompiler {
  return createValidatorCompilerFactory(options)(externalSchemas)
}
