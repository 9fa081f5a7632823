import type { Ajv } from 'ajv'
import { collectVendorKeywords } from './schema-walk.js'

// OpenAPI documents carry these next to the JSON Schema keywords. Ajv's draft-07 vocabulary
// already knows `examples`, `deprecated`, `readOnly` and `writeOnly`; the rest would fail strict mode
// and stop start-up, although none of them changes what is valid.
const openApiAnnotations = [
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'discriminator'
] as const

// Ajv refuses keyword names outside this shape; such a name is left for strict mode to report.
const validKeywordName = /^[a-z_$][a-z0-9_$:-]*$/i

function isKnownKeyword (ajv: Ajv, keyword: string): boolean {
  return ajv.RULES.keywords[keyword] === true
}

function addAnnotationKeyword (ajv: Ajv, keyword: string): void {
  // Checked first so a plugin's or onCreate's own definition (or Ajv's `discriminator` when the
  // option is on) is never replaced.
  if (!isKnownKeyword(ajv, keyword)) ajv.addKeyword(keyword)
}

export function addOpenApiAnnotations (ajv: Ajv): void {
  for (const keyword of openApiAnnotations) addAnnotationKeyword(ajv, keyword)
}

/** Vendor extensions (`x-*`) are open-ended, so they are declared as they are met in a schema. */
export function addVendorKeywordsOf (ajv: Ajv, schema: unknown): void {
  for (const keyword of collectVendorKeywords(schema)) {
    if (validKeywordName.test(keyword)) addAnnotationKeyword(ajv, keyword)
  }
}
