import type { StandardSchemaV1 } from '@standard-schema/spec'
import { segmentKey, type PathSegment } from '@enclave/compiler-kit'

/**
 * Coercion for libraries that cannot describe their schemas (no `~standard.jsonSchema`): after a
 * failed validation, the failing values that are strings reading as a number or a boolean are
 * converted and the data validated once more. Nothing is guessed for values that passed, so a
 * string field keeps "007" as sent. A lone value for an array is not guessed: without a schema
 * description nothing tells a list from a scalar.
 */

function convertText (text: string): unknown {
  if (text === 'true') return true
  if (text === 'false') return false
  if (text.trim() === '') return text
  const number = Number(text)
  return Number.isNaN(number) ? text : number
}

/** Without a prototype, so a `__proto__` key in the data stays an ordinary property of the copy. */
function shallowCopy (container: object): Record<PropertyKey, unknown> {
  if (Array.isArray(container)) return container.slice() as unknown as Record<PropertyKey, unknown>
  const copy = Object.create(null) as Record<PropertyKey, unknown>
  for (const key of Object.keys(container)) copy[key] = (container as Record<string, unknown>)[key]
  return copy
}

/** Copies the containers along `path` (the input stays untouched) and sets the converted value. */
function convertAt (root: unknown, path: readonly PathSegment[]): unknown {
  if (path.length === 0) {
    return typeof root === 'string' ? convertText(root) : root
  }
  if (root === null || typeof root !== 'object') return root
  const key = segmentKey(path[0]!)
  const current = (root as Record<PropertyKey, unknown>)[key]
  const converted = convertAt(current, path.slice(1))
  if (converted === current) return root
  const copy = shallowCopy(root)
  copy[key] = converted
  return copy
}

/** The data with the failing string values converted, or undefined when none could be. */
export function convertFailingStrings (data: unknown, issues: readonly StandardSchemaV1.Issue[]): unknown {
  let converted = data
  for (const issue of issues) converted = convertAt(converted, issue.path ?? [])
  return converted === data ? undefined : converted
}
