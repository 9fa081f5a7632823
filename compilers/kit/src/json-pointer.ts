/** A path segment as libraries report it: a key, or Standard Schema's `{ key }` object. */
export type PathSegment = PropertyKey | { readonly key: PropertyKey }

export function segmentKey (segment: PathSegment): PropertyKey {
  return typeof segment === 'object' && segment !== null ? segment.key : segment
}

/** RFC 6901 escaping: `~` becomes `~0` and `/` becomes `~1`, so a key holding them stays one segment. */
export function escapePointerSegment (segment: string): string {
  if (segment.indexOf('~') === -1 && segment.indexOf('/') === -1) return segment
  return segment.replaceAll('~', '~0').replaceAll('/', '~1')
}

/**
 * RFC 6901 pointer (`/items/0/name`, `''` for the root), the shape Ajv's `instancePath` has and the
 * one core's error formatter appends to the part name. `length` keeps only the first segments.
 */
export function toJsonPointer (path: readonly PathSegment[], length = path.length): string {
  let pointer = ''
  for (let i = 0; i < length; i++) pointer += '/' + escapePointerSegment(String(segmentKey(path[i]!)))
  return pointer
}
