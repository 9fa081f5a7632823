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

/**
 * Copies made while converting, one per container of the input at most, however many issues point
 * into it: the input stays untouched and the work stays linear in its size (a copy per issue made
 * a 2,000-key query cost a second).
 */
class ConvertedCopy {
  readonly copies = new Map<object, Record<PropertyKey, unknown>>()
  root: unknown

  constructor (root: unknown) {
    this.root = root
  }

  copyOf (container: object): Record<PropertyKey, unknown> {
    let copy = this.copies.get(container)
    if (copy === undefined) {
      copy = shallowCopy(container)
      this.copies.set(container, copy)
    }
    return copy
  }

  /** Converts the string at `path` of the input, copying the containers along it. */
  convertAt (data: unknown, path: readonly PathSegment[]): void {
    if (path.length === 0) {
      if (typeof data === 'string') this.root = convertText(data)
      return
    }
    const containers: object[] = []
    let value: unknown = data
    for (let i = 0; i < path.length; i++) {
      if (value === null || typeof value !== 'object') return
      const key = segmentKey(path[i]!)
      // Own values only: a key the data lacks (`toString`) has nothing of the client's to convert.
      if (!Object.hasOwn(value, key)) return
      containers.push(value)
      value = (value as Record<PropertyKey, unknown>)[key]
    }
    if (typeof value !== 'string') return
    const converted = convertText(value)
    if (converted === value) return
    let child: unknown = converted
    for (let i = containers.length - 1; i >= 0; i--) {
      const copy = this.copyOf(containers[i]!)
      copy[segmentKey(path[i]!)] = child
      child = copy
    }
    this.root = child
  }
}

/** The data with the failing string values converted, in one pass over the issues, or undefined when none could be. */
export function convertFailingStrings (data: unknown, issues: readonly StandardSchemaV1.Issue[]): unknown {
  const result = new ConvertedCopy(data)
  for (let i = 0; i < issues.length; i++) result.convertAt(data, issues[i]!.path ?? [])
  return result.root === data ? undefined : result.root
}
