import type { ValidationFunction } from '@enclave/core'

interface AjvValidate {
  (data: unknown): boolean | Promise<unknown>
  errors?: unknown[] | null
}

interface ErrorWithNested {
  params?: { errors?: unknown[] }
}

function truncate (errors: unknown[], maxErrors: number): unknown[] {
  const kept = errors.length > maxErrors ? errors.slice(0, maxErrors) : errors
  // An errorMessage error lists every error it replaced in params.errors: bounded too, or a single
  // message over a 10 000-item array would still carry 10 000 errors to an error handler.
  for (const error of kept) {
    const params = (error as ErrorWithNested).params
    if (params !== undefined && Array.isArray(params.errors) && params.errors.length > maxErrors) {
      params.errors = params.errors.slice(0, maxErrors)
    }
  }
  return kept
}

/**
 * Wraps one compiled validator so a failure reports at most `maxErrors` errors. Ajv has no option to
 * stop after N errors once `allErrors` is on, so the bound applies to what leaves validation: the
 * `validation` array, the 400 message built from it, and whatever an error handler does with it.
 * Created once per route and part at ready(); the per-request path allocates nothing beyond a slice.
 */
export function capErrors (validate: AjvValidate, maxErrors: number): ValidationFunction {
  const capped = function validateWithCappedErrors (data: unknown): boolean {
    if (validate(data) === true) {
      capped.errors = null
      return true
    }
    const errors = validate.errors
    capped.errors = Array.isArray(errors) ? truncate(errors, maxErrors) : errors
    return false
  } as ValidationFunction & { errors: unknown }
  capped.errors = null
  return capped
}
