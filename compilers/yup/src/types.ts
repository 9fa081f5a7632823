import type { ValidateOptions } from 'yup'
import type { HttpPart } from '@enclave/core'

export type { HttpPart }

/** yup's validate options: `strict`, `abortEarly`, `stripUnknown`, `recursive`, `disableStackTrace`, `context`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- yup's `context` is whatever the schemas' tests read
export type YupValidateOptions = ValidateOptions<any>

export interface YupValidatorOptions extends YupValidateOptions {
  /**
   * Options for one part, applied over the ones above (a key given here replaces the same key
   * given for every part), e.g. `{ body: { strict: true } }`.
   */
  parts?: { [P in HttpPart]?: YupValidateOptions }
  /**
   * `'auto'` (default): validate with validateSync unless a test is an `async` function (seen at
   * ready()), and switch a schema to validate() for good the first time a test returns a promise.
   * `true`: always yup's async validate().
   */
  async?: 'auto' | true
}

/** yup's validate options for response payloads; `stripUnknown` defaults to true. */
export type YupSerializerOptions = YupValidateOptions
