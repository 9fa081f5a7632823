import * as zod from 'zod/v4/core'
import { segmentKey } from '@enclave/compiler-kit'
import { describeIssue } from './describe-issue.js'

/**
 * Request data (JSON, query strings, headers) never holds a function nor Object.prototype itself: Zod
 * reading one for a key means the key is absent and an inherited member (`constructor`,
 * `toString`, `__proto__`) answered, so the property is reported missing, as Ajv does.
 */
function isAbsent (input: unknown): boolean {
  return input === undefined || typeof input === 'function' || input === Object.prototype
}

/**
 * A parse-level Zod error map giving Zod's default messages Ajv's wording. Zod consults it only for
 * issues without a message of their own (`z.string({ error: '…' })`, `.refine(fn, '…')` win), and
 * a global map set with `z.config({ customError })` still comes first.
 */
export function ajvWordingErrorMap (issue: zod.$ZodRawIssue): ReturnType<zod.$ZodErrorMap> {
  const custom = zod.config().customError?.(issue)
  if (custom !== undefined && custom !== null) return custom
  const path = issue.path ?? []
  const last = path.length === 0 ? undefined : segmentKey(path[path.length - 1]!)
  const missing = issue.code === 'invalid_type' && isAbsent(issue.input) && typeof last === 'string' ? last : undefined
  return describeIssue(issue as never, missing).message
}
