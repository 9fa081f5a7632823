import { escapePointerSegment } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'

/** `__proto__`, `constructor`, `toString`, `valueOf`, `hasOwnProperty` …: read once, at load. */
const prototypeMemberNames: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype))

/** Deeper than this the input was refused by the body parser's depth limit or is left to yup. */
const maxDepth = 256

interface Found { pointer: string, key: string }

/**
 * The first own key named after an Object.prototype member, depth first. yup reads object fields
 * and casts values through plain objects, so such a key reaches Object.prototype: a field lookup
 * finds `toString` or `constructor` and calls it as a schema, a cast calls a `valueOf` the input
 * replaced. yup then throws a TypeError, which would answer 5xx for bad input.
 */
function prototypeKey (value: unknown, pointer: string, depth: number): Found | undefined {
  if (value === null || typeof value !== 'object' || depth > maxDepth) return undefined
  const keys = Object.keys(value)
  for (let i = 0; i < keys.length; i++) {
    if (prototypeMemberNames.has(keys[i]!)) return { pointer, key: keys[i]! }
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    const found = prototypeKey((value as Record<string, unknown>)[key], pointer + '/' + escapePointerSegment(key), depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * The issue to answer 400 with when yup threw a TypeError on input holding a key named after an
 * Object.prototype member, or undefined (the error is not the input's doing: it propagates).
 */
export function prototypeKeyIssues (data: unknown, thrown: unknown): ValidationIssue[] | undefined {
  if (!(thrown instanceof TypeError)) return undefined
  const found = prototypeKey(data, '', 0)
  if (found === undefined) return undefined
  return [{
    instancePath: found.pointer,
    schemaPath: '#/propertyNames',
    keyword: 'propertyNames',
    params: { propertyName: found.key },
    message: `must NOT have a property named '${found.key}'`
  }]
}
