/**
 * `reply.header(name, value)` on a reply's field record (a route's or a detached one): names are
 * lower-cased, and Set-Cookie fields add up into a new array, as in Fastify (a field already set to
 * something falsy, '' say, is replaced). The caller's array is never grown.
 */
export function setReplyHeader (headers: Record<string, unknown>, name: string, value: unknown): void {
  const key = name.toLowerCase()
  if (key === 'set-cookie' && Boolean(headers[key])) headers[key] = ([] as unknown[]).concat(headers[key], value)
  else headers[key] = value
}
