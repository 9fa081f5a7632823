import type { Options as AjvOptions } from 'ajv'
import fastUri from 'fast-uri'

export const defaultAjvOptions: Readonly<AjvOptions> = Object.freeze({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  uriResolver: fastUri,
  addUsedSchema: false,
  // Kept false on purpose: collecting every error lets a crafted payload make validation
  // do far more work than the request is worth (a denial-of-service vector).
  allErrors: false,
  // Ajv's optimisation pass over the generated code halves compile time when skipped (start-up with
  // many routes) and changes nothing measurable at validation time: V8 drops the same dead code.
  code: { optimize: false }
} satisfies AjvOptions)
