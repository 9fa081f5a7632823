/** Reading a Content-Type header: its media type and its parameters. */
/**
 * The media type of a Content-Type header: the part before its parameters, trimmed and lower-cased.
 * Matching on it exactly is what keeps `application/jsonx` or `xapplication/json` away from the
 * JSON parser.
 */
export function mediaTypeOf (header: string): string {
  const semicolon = header.indexOf(';')
  const type = semicolon === -1 ? header : header.slice(0, semicolon)
  return type.trim().toLowerCase()
}

/**
 * The media type as written, parameters dropped: how Fastify 4.29 keys a `content` response schema
 * and looks the reply's type up in it (case-sensitively).
 */
export function mediaTypeAsWritten (header: string): string {
  const semicolon = header.indexOf(';')
  return (semicolon === -1 ? header : header.slice(0, semicolon)).trim()
}

const tokenPattern = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/

/** A syntactically valid type/subtype (RFC 9110 token characters). */
export function isValidMediaType (type: string): boolean {
  return tokenPattern.test(type)
}

/** A Content-Type header taken apart: the lower-cased media type and its parameters. */
export interface ParsedContentType {
  readonly type: string
  /** Parameter names lower-cased, values as sent (quotes removed). */
  readonly params: Record<string, string>
}

/**
 * Parses a header (or a parser key); null when the media type or a parameter is malformed (then only
 * `'*'` takes the body). An empty parameter (`type;`), one without `=`, without a name or without a
 * value is malformed, as Fastify 4.29 reads it; with `skipMalformedParams` (Fastify 5.12) it is left
 * out and the media type stands.
 */
export function parseContentType (header: string, skipMalformedParams = false): ParsedContentType | null {
  const parts = header.split(';')
  const type = parts[0]!.trim().toLowerCase()
  if (!isValidMediaType(type)) return null
  const params: Record<string, string> = {}
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!.trim()
    const equals = part.indexOf('=')
    if (equals <= 0 || equals === part.length - 1) {
      if (skipMalformedParams) continue
      return null
    }
    let value = part.slice(equals + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    params[part.slice(0, equals).trim().toLowerCase()] = value
  }
  return { type, params }
}

/** Whether every parameter a parser key names is in the header with the same value. */
export function hasParams (header: Record<string, string>, wanted: Record<string, string>): boolean {
  for (const name in wanted) {
    if (header[name] !== wanted[name]) return false
  }
  return true
}
