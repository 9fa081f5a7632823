import { escapePointerSegment } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'

const hasOwn = Object.prototype.hasOwnProperty

/**
 * The pointer to the first object holding an own `__proto__` key (a query string, a JSON body
 * parsed with onProtoPoisoning: 'ignore'), or undefined. yup's object cast looks a field up by
 * that key, finds Object.prototype and throws a TypeError, which would answer 5xx for bad input.
 */
function protoKeyPointer (value: unknown, pointer: string, depth: number): string | undefined {
  if (value === null || typeof value !== 'object' || depth > 256) return undefined
  if (hasOwn.call(value, '__proto__')) return pointer
  for (const key of Object.keys(value)) {
    const found = protoKeyPointer((value as Record<string, unknown>)[key], pointer + '/' + escapePointerSegment(key), depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** The issue to answer 400 with when the input holds a `__proto__` key, or undefined when it does not. */
export function protoKeyIssues (data: unknown): ValidationIssue[] | undefined {
  const instancePath = protoKeyPointer(data, '', 0)
  if (instancePath === undefined) return undefined
  return [{
    instancePath,
    schemaPath: '#/propertyNames',
    keyword: 'propertyNames',
    params: { propertyName: '__proto__' },
    message: "must NOT have a property named '__proto__'"
  }]
}
