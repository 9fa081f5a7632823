/**
 * The media type of a Content-Type header: the part before any parameter, trimmed and lower-cased.
 * Matching on it exactly is what keeps `application/jsonx` or `xapplication/json` away from the
 * JSON parser.
 */
export function mediaTypeOf (header: string): string {
  const semicolon = header.indexOf(';')
  const type = semicolon === -1 ? header : header.slice(0, semicolon)
  return type.trim().toLowerCase()
}

const tokenPattern = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/

/** A syntactically valid type/subtype (RFC 9110 token characters). */
export function isValidMediaType (type: string): boolean {
  return tokenPattern.test(type)
}
