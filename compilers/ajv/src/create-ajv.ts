import type { Ajv } from 'ajv'
import { addOpenApiAnnotations, addVendorKeywordsOf } from './annotation-keywords.js'
import { defaultAjvOptions } from './default-options.js'
import { AjvCompilerError, AsyncSchemaError, InvalidSharedSchemaError, explainCompileError } from './errors.js'
import { applyPlugins } from './plugins.js'
import { rememberBuiltInKeywords } from './deferrable.js'
import { declaresAsync } from './schema-walk.js'
import { useCheapStringLength } from './string-length.js'
import { loadAjv } from './load-ajv.js'
import type { AjvCompilerOptions } from './types.js'

function addExternalSchema (ajv: Ajv, key: string, schema: object, annotations: boolean, asyncSchemas: boolean): void {
  const id = (schema as { $id?: unknown }).$id
  if (!asyncSchemas && declaresAsync(schema)) {
    throw new AsyncSchemaError(`The shared schema "${typeof id === 'string' ? id : key}"`)
  }
  if (annotations) addVendorKeywordsOf(ajv, schema)
  try {
    // A shared schema without its own $id is still reachable under the key it was registered with.
    ajv.addSchema(schema, typeof id === 'string' ? undefined : key)
  } catch (error) {
    const explained = explainCompileError(error)
    // Ajv's own message ("schema is invalid: data/type must be …") does not say which schema.
    throw explained instanceof AjvCompilerError ? explained : new InvalidSharedSchemaError(typeof id === 'string' ? id : key, explained)
  }
}

/** Builds and prepares the Ajv instance that serves one set of shared schemas. */
export function createAjv (options: AjvCompilerOptions, externalSchemas: Record<string, object>, keepSource = false): Ajv {
  const custom = options.customOptions
  // `code` is merged a level deeper, so `customOptions: { code: { formats } }` keeps the default
  // `optimize` setting instead of dropping it.
  const ajv = new (loadAjv().Ajv)({ ...defaultAjvOptions, ...custom, code: { ...defaultAjvOptions.code, ...custom?.code, ...(keepSource ? { source: true } : undefined) } })
  // Before plugins and onCreate, so one that redefines maxLength/minLength still gets its way. Not
  // with standalone code (schemaCache): the keyword's helper would be missing from the saved module.
  if (!keepSource) useCheapStringLength(ajv)
  rememberBuiltInKeywords(ajv)
  applyPlugins(ajv, options.plugins ?? [], options.optionalTimezone === true)
  options.onCreate?.(ajv)
  const annotations = options.annotationKeywords !== false
  // After plugins and onCreate, so a definition they made for one of these names is kept.
  if (annotations) addOpenApiAnnotations(ajv)
  for (const [key, schema] of Object.entries(externalSchemas)) addExternalSchema(ajv, key, schema, annotations, options.asyncSchemas === true)
  return ajv
}
