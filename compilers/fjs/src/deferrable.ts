import { createRequire } from 'node:module'

// fast-json-stringify's own precompiled check of a schema against its meta-schema (the first thing
// its build does); using it keeps "valid" meaning exactly what the build accepts.
const require = createRequire(import.meta.url)
const fitsMetaSchema = require('fast-json-stringify/lib/schema-validator.js') as (schema: unknown) => boolean

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
  return fitsMetaSchema(schema) === true
}
