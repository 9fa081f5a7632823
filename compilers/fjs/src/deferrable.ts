import { createRequire } from 'node:module'

type MetaSchemaCheck = (schema: unknown) => boolean
let fitsMetaSchema: MetaSchemaCheck | null = null

// fast-json-stringify's own precompiled check of a schema against its meta-schema (the first thing
// its build does); using it keeps "valid" meaning exactly what the build accepts. Loaded by the first
// response schema (it reads ajv-formats' table), not by the import.
function metaSchemaCheck (): MetaSchemaCheck {
  if (fitsMetaSchema === null) fitsMetaSchema = createRequire(import.meta.url)('fast-json-stringify/lib/schema-validator.js') as MetaSchemaCheck
  return fitsMetaSchema
}

// References and schema merging (allOf, if/then/else) can fail at build time in ways a meta-schema
// check does not see, so a schema that may use them is compiled at once. A false match (a property
// named "if") only makes the check more careful.
const buildTimeFeatures = /"(?:\$ref|allOf|if)"/

/**
 * lazySchemaCompilation: true when building a serializer for `schema` later cannot fail as far as a
 * cheap check can tell; false means "build it now", so its error is still reported at ready().
 */
export function canDeferSerializer (schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false
  let text: string
  try {
    text = JSON.stringify(schema)
  } catch {
    return false
  }
  if (buildTimeFeatures.test(text)) return false
  return metaSchemaCheck()(schema) === true
}
