import { mediaTypeOf } from '../request/content-type.js'

export type SerializerFunction = (data: any) => string

/** One response-schema key compiled: a serializer, or one per media type (`content`). */
export interface ResponseEntry {
  readonly fn: SerializerFunction | null
  readonly byMediaType: Record<string, SerializerFunction> | null
}

export interface ResponseSerializers {
  readonly exact: Record<string, ResponseEntry>
  /** Index 1..5 for the 1xx..5xx class keys. */
  readonly classes: Array<ResponseEntry | undefined>
  readonly fallback: ResponseEntry | null
}

function pick (entry: ResponseEntry, contentType: string | undefined): SerializerFunction | null {
  if (entry.fn !== null) return entry.fn
  const byType = entry.byMediaType!
  if (contentType === undefined) {
    // No type chosen yet: JSON if declared, else the first declared type.
    return byType['application/json'] ?? byType[Object.keys(byType)[0]!] ?? null
  }
  return byType[mediaTypeOf(contentType)] ?? byType['*/*'] ?? null
}

/** Precedence: exact status code, then its Nxx class, then `default`. */
export function selectSerializer (serializers: ResponseSerializers, statusCode: number, contentType: string | undefined): SerializerFunction | null {
  const exact = serializers.exact[statusCode]
  if (exact !== undefined) return pick(exact, contentType)
  const byClass = serializers.classes[(statusCode / 100) | 0]
  if (byClass !== undefined) return pick(byClass, contentType)
  if (serializers.fallback !== null) return pick(serializers.fallback, contentType)
  return null
}
