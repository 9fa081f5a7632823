/**
 * How Fastify 5.12's reply.send() reads the Content-Type set so far. It parses the header (its
 * `ContentType`): one that names no valid type/subtype (`bogus`, `text`) counts as none, so send()
 * puts its own in place; JSON is told by the lower-cased media type (`Application/JSON` is JSON,
 * `text/plain; x=json` is not); a JSON type without a `charset` parameter (in any case) is written
 * back normalized, `; charset=utf-8` appended.
 */
import { isValidMediaType, mediaTypeOf, parseContentType } from '../request/content-type.js'

/** The header, or undefined where Fastify 5.12 reads it as no Content-Type at all. */
export function fastify5ContentType (header: unknown): unknown {
  if (typeof header !== 'string') return header
  return isValidMediaType(mediaTypeOf(header)) ? header : undefined
}

export function isFastify5JsonType (header: string): boolean {
  return mediaTypeOf(header).includes('json')
}

/**
 * The JSON Content-Type send() leaves: the header itself when it names a charset, else its media
 * type and parameters as Fastify 5.12 writes them back (lower-cased type, each value quoted) with
 * `charset=utf-8` added.
 */
export function fastify5JsonContentType (header: string): string {
  const parsed = parseContentType(header, true)
  if (parsed === null) return header
  if (Object.hasOwn(parsed.params, 'charset')) return header
  let written = parsed.type
  for (const name of Object.keys(parsed.params)) written += `; ${name}="${parsed.params[name]!}"`
  return `${written}; charset=utf-8`
}
