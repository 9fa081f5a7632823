/** Picking a reply's response serializer by status code and media type. */
import { isValidMediaType, mediaTypeAsWritten, mediaTypeOf } from '../request/content-type.js'

export type SerializerFunction = (data: unknown) => string

/**
 * One response-schema key compiled: one value for the key, or one per media type (`content`).
 * `T` is a serializer for sending, an inspector in responseValidation mode.
 */
export interface ResponseEntry<T = SerializerFunction> {
  // Written once by lazySchemaCompilation, when the compiled serializer replaces its stub.
  fn: T | null
  readonly byMediaType: Record<string, T> | null
  /** How the reply's Content-Type finds its key in `byMediaType` (see `MediaTypeReading`). */
  readonly reading: MediaTypeReading
}

/**
 * How a reply's Content-Type is matched against the keys of a `content` response schema:
 * - `fastify4`: Fastify 4.29's reading, the header up to its first `;` as written (not trimmed, case
 *   kept) against the keys as declared; no wildcard.
 * - `fastify5`: Fastify 5.12's, the header's lower-cased type/subtype (none when malformed) against
 *   the keys as declared, then a `*\/*` key.
 * - `enclave`: the media type trimmed against keys stripped of their parameters, then `*\/*`.
 */
export type MediaTypeReading = 'fastify4' | 'fastify5' | 'enclave'

/** A route's response keys compiled: exact codes, Nxx classes and `default`. */
export interface ResponseTable<T = SerializerFunction> {
  readonly exact: Record<string, ResponseEntry<T>>
  /** Index 1..5 for the 1xx..5xx class keys. */
  readonly classes: Array<ResponseEntry<T> | undefined>
  readonly fallback: ResponseEntry<T> | null
}

export type ResponseSerializers = ResponseTable<SerializerFunction>

/**
 * The value of an entry for the reply's content type. A content-keyed entry without a matching
 * media type (nor the wildcard media type) gives null: the reply then has no schema, as in
 * Fastify; it does not fall back to the Nxx or default key.
 */
export function pickForMediaType<T> (entry: ResponseEntry<T>, contentType: string | undefined): T | null {
  if (entry.fn !== null) return entry.fn
  const byType = entry.byMediaType!
  if (contentType === undefined) {
    // No type chosen yet: JSON if declared, else the first declared type.
    return byType['application/json'] ?? byType[Object.keys(byType)[0]!] ?? null
  }
  if (entry.reading === 'fastify4') {
    const semicolon = contentType.indexOf(';')
    return byType[semicolon === -1 ? contentType : contentType.slice(0, semicolon)] ?? null
  }
  if (entry.reading === 'fastify5') {
    const type = mediaTypeOf(contentType)
    return isValidMediaType(type) ? byType[type] ?? byType['*/*'] ?? null : null
  }
  return byType[mediaTypeAsWritten(contentType)] ?? byType['*/*'] ?? null
}

/** Precedence: exact status code, then its Nxx class, then `default`. */
export function selectEntry<T> (table: ResponseTable<T>, statusCode: number): ResponseEntry<T> | null {
  const exact = table.exact[statusCode]
  if (exact !== undefined) return exact
  const byClass = table.classes[(statusCode / 100) | 0]
  if (byClass !== undefined) return byClass
  return table.fallback
}

export function selectSerializer (serializers: ResponseSerializers, statusCode: number, contentType: string | undefined): SerializerFunction | null {
  const entry = selectEntry(serializers, statusCode)
  return entry === null ? null : pickForMediaType(entry, contentType)
}
