/**
 * How Fastify 5.12's reply.send() reads a content type the app set: as a media type (RFC 9110).
 * One it cannot read (`''`, `'1'`, a list) counts as none, so the payload's default type replaces
 * it; a JSON one is recognised by its media type in any case, and without a `charset` parameter it
 * is rewritten in normal form with `; charset=utf-8`.
 */
import { formatContentType, parseContentType } from '../request/content-type.js'

export interface ReplyMediaType {
  /** The media type names JSON (`application/json`, `application/hal+json`, `text/json` …). */
  readonly json: boolean
  /** The header as Fastify 5 rewrites a JSON type that names no charset. */
  readonly withUtf8Charset: string | null
}

// Bounded as Fastify's own cache of read content types: an app sets few distinct ones.
const cache = new Map<string, ReplyMediaType | null>()
const cacheLimit = 100

/**
 * The content type as Fastify 5 reads it, or null when it reads none. A value that is neither a
 * string nor a list fails as it fails in Fastify (its reading calls `indexOf` on it).
 */
export function replyMediaTypeOf (value: unknown): ReplyMediaType | null {
  if (typeof value !== 'string') {
    if (Array.isArray(value) || value === null || value === undefined) return null
    throw new TypeError('headerValue.indexOf is not a function')
  }
  let media = cache.get(value)
  if (media === undefined) {
    media = read(value)
    if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!)
    cache.set(value, media)
  }
  return media
}

function read (value: string): ReplyMediaType | null {
  if (value === 'undefined') return null
  const parsed = parseContentType(value, true)
  if (parsed === null) return null
  const json = parsed.type.includes('json')
  return { json, withUtf8Charset: json && !('charset' in parsed.params) ? `${formatContentType(parsed)}; charset=utf-8` : null }
}
