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
  allErrors: false
} satisfies AjvOptions)
