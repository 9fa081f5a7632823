// Twin of compilers/zod/src/json-pointer.ts: keep both in step.
/** A path segment as libraries report it: a key, or Standard Schema's `{ key }` object. */
export type PathSegment = PropertyKey | { readonly key: PropertyKey }

export function segmentKey (segment: PathSegment): PropertyKey {
  return typeof segment === 'object' && segment !== null ? segment.key : segment
}

/** RFC 6901 pointer (`/items/0/name`, `''` for the root), the shape Ajv's `instancePath` has. */
export function toJsonPointer (path: readonly PathSegment[], length = path.length): string {
  let pointer = ''
  for (let i = 0; i < length; i++) {
    pointer += '/' + String(segmentKey(path[i]!)).replace(/~/g, '~0').replace(/\//g, '~1')
  }
  return pointer
}
