import { segmentKey, type PathSegment } from './json-pointer.js'

/**
 * The name of the property the path points at when the data has no value there, else undefined.
 * JSON has no `undefined`, so "no value at a key of an object" is exactly "the property is missing":
 * adapters report such an issue as Ajv's `required` one.
 */
export function missingPropertyAt (data: unknown, path: readonly PathSegment[]): string | undefined {
  if (path.length === 0) return undefined
  const last = segmentKey(path[path.length - 1]!)
  if (typeof last !== 'string') return undefined
  let parent: unknown = data
  for (let i = 0; i < path.length - 1; i++) {
    if (parent === null || typeof parent !== 'object') return undefined
    const key = segmentKey(path[i]!)
    if (!Object.hasOwn(parent, key)) return undefined
    parent = (parent as Record<PropertyKey, unknown>)[key]
  }
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return undefined
  // Own properties only: a missing `constructor` or `toString` is missing, whatever the prototype holds.
  return !Object.hasOwn(parent, last) || (parent as Record<string, unknown>)[last] === undefined ? last : undefined
}
