/** How prefixes join: a route's URL onto its context's prefix, and a child context's prefix onto its parent's, as Fastify 4 joins them. */

/** Glues two path pieces as Fastify does: one slash where both sides have one, nothing added. */
export function joinPaths (left: string, right: string): string {
  return left.endsWith('/') && right.startsWith('/') ? left + right.slice(1) : left + right
}

/**
 * The paths a route answers on, from its context's prefix and `prefixTrailingSlash`, exactly as
 * Fastify 4 joins them: `foo` under `/prefix` is `/prefixfoo` and `*` is `/prefix*` (which also
 * answers `/prefix` itself); a `/` route under a prefix answers the prefix with and without the
 * trailing slash unless ignoreTrailingSlash makes that one route.
 */
export function joinPrefix (prefix: string, url: string, trailing: unknown, ignoreTrailingSlash: boolean, ignoreDuplicateSlashes: boolean): string[] {
  if (prefix === '' || url !== '/') return [joinPaths(prefix, url)]
  switch (trailing) {
    case 'slash': return [prefix + '/']
    case 'no-slash': return [prefix]
    // With duplicate slashes ignored, `prefix/` + '/' is the prefix itself again: Fastify adds it once.
    default: return ignoreTrailingSlash || (ignoreDuplicateSlashes && prefix.endsWith('/')) ? [prefix] : [prefix, prefix + '/']
  }
}

/**
 * Joins a child's `prefix` register option onto its parent's prefix. A prefix without its leading
 * slash gets one: Fastify 4 adds it even after the slash the parent ends with (`/v1/` + `inner` is
 * `/v1//inner`), Fastify 5 only where the parent has none (`/v1/inner`).
 */
export function joinContextPrefix (parent: string, child: unknown, api: 4 | 5): string {
  if (typeof child !== 'string' || child === '') return parent
  if (child.startsWith('/')) return joinPaths(parent, child)
  return api === 5 && parent.endsWith('/') ? parent + child : parent + '/' + child
}
