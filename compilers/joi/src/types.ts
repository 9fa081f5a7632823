import type { ValidationOptions } from 'joi'
import type { HttpPart } from '@enclave/core'

export type { HttpPart }

/**
 * Joi's validation options, applied to every request part, plus `parts` for the options of one
 * part. `warnings`, `artifacts` and `debug` change what Joi returns and are refused.
 */
export interface JoiValidatorOptions extends ValidationOptions {
  /**
   * Options for one part, applied over the ones above (a key given here replaces the same key
   * given for every part). Headers default to `allowUnknown: true`.
   */
  parts?: { [P in HttpPart]?: ValidationOptions }
}

/** Joi's validation options for response payloads; `stripUnknown` defaults to `{ objects: true }`. */
export type JoiSerializerOptions = ValidationOptions
