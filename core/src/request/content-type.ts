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

/** RFC 9110 `tchar`: the characters of a token (a parameter's name, an unquoted value). */
function isTokenChar (code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) ||
    code === 0x21 || (code >= 0x23 && code <= 0x27) || code === 0x2a || code === 0x2b || code === 0x2d ||
    code === 0x2e || code === 0x5e || code === 0x5f || code === 0x60 || code === 0x7c || code === 0x7e
}

/**
 * A character a quoted-string may hold as it is (`qdtext`): neither `"` nor `\\`, nor a control but
 * `tab`. RFC 9110's is HTAB (0x09), as Fastify 5.12 reads it; Fastify 4.29's parser takes VT (0x0b)
 * there instead, and refuses HTAB.
 */
function isQuotedTextChar (code: number, tab: number): boolean {
  return code === tab || (code >= 0x20 && code <= 0xff && code !== 0x22 && code !== 0x5c && code !== 0x7f)
}

/** The end of the token starting at `from` (`from` itself when there is none). */
function tokenEnd (header: string, from: number): number {
  let at = from
  while (at < header.length && isTokenChar(header.charCodeAt(at))) at++
  return at
}

/** One `name=value` read from a header: the lower-cased name, the value unquoted, where it ends. */
interface ReadParameter { name: string, value: string, end: number }

/**
 * Reads `name=value` at `from`, with no space around `=`, the value a token or a quoted-string
 * (RFC 9110 §5.6.6); null when the text there is not one.
 */
function readParameter (header: string, from: number, tab: number): ReadParameter | null {
  const nameEnd = tokenEnd(header, from)
  if (nameEnd === from || header.charCodeAt(nameEnd) !== 0x3d) return null
  const name = header.slice(from, nameEnd).toLowerCase()
  const valueStart = nameEnd + 1
  if (header.charCodeAt(valueStart) !== 0x22) {
    const valueEnd = tokenEnd(header, valueStart)
    return valueEnd === valueStart ? null : { name, value: header.slice(valueStart, valueEnd), end: valueEnd }
  }
  let value = ''
  for (let at = valueStart + 1; at < header.length; at++) {
    const code = header.charCodeAt(at)
    if (code === 0x22) return { name, value, end: at + 1 }
    if (code === 0x5c) {
      const escaped = header.charCodeAt(++at)
      if (!(escaped === tab || (escaped >= 0x20 && escaped <= 0xff))) return null
      value += header[at]
    } else if (isQuotedTextChar(code, tab)) {
      value += header[at]
    } else {
      return null
    }
  }
  return null
}

/** The index of the first `;` at or after `from`, or the header's length. */
function nextSemicolon (header: string, from: number): number {
  const at = header.indexOf(';', from)
  return at === -1 ? header.length : at
}

/**
 * Parses a header (or a parser key); null when the media type is malformed (then only `'*'` takes
 * the body). Parameters follow RFC 9110: `;`, optional spaces, then `name=value` with a token or a
 * quoted-string (a `;` inside quotes is part of the value), optional spaces. As Fastify 4.29 reads a
 * header, a parameter that is not that (`type;`, `a`, `a =b`, `a="b`, `a=b c`) makes the whole header
 * malformed (null). With `skipMalformedParams` (Fastify 5.12) such a parameter is left out and
 * reading goes on at the next `;`, so the media type stands.
 */
export function parseContentType (header: string, skipMalformedParams = false): ParsedContentType | null {
  const semicolon = header.indexOf(';')
  const type = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase()
  if (!isValidMediaType(type)) return null
  const params: Record<string, string> = {}
  if (semicolon === -1) return { type, params }
  return skipMalformedParams ? readParametersLeniently(header, semicolon, type, params) : readParametersStrictly(header, semicolon, type, params)
}

function readParametersStrictly (header: string, semicolon: number, type: string, params: Record<string, string>): ParsedContentType | null {
  let at = semicolon
  while (at < header.length) {
    if (header.charCodeAt(at) !== 0x3b) return null
    at++
    while (header.charCodeAt(at) === 0x20) at++
    const parameter = readParameter(header, at, 0x0b)
    if (parameter === null) return null
    params[parameter.name] = parameter.value
    at = parameter.end
    while (header.charCodeAt(at) === 0x20) at++
  }
  return { type, params }
}

/** What Fastify 5.12 skips before a parameter's name: any JavaScript whitespace. */
const whitespace = /\s/

function readParametersLeniently (header: string, semicolon: number, type: string, params: Record<string, string>): ParsedContentType {
  let at = semicolon
  while (at < header.length) {
    at++
    while (at < header.length && whitespace.test(header[at]!)) at++
    const parameter = readParameter(header, at, 0x09)
    if (parameter !== null) {
      params[parameter.name] = parameter.value
      at = parameter.end
    }
    at = nextSemicolon(header, at)
  }
  return { type, params }
}

/**
 * A content type in Fastify 5's normal form: the media type, then each parameter as
 * `; name="value"` (how it keys parsers and rewrites a reply's JSON type).
 */
export function formatContentType (parsed: ParsedContentType): string {
  let text = parsed.type
  for (const name in parsed.params) text += `; ${name}="${parsed.params[name]!}"`
  return text
}

/** Whether every parameter a parser key names is in the header with the same value. */
export function hasParams (header: Record<string, string>, wanted: Record<string, string>): boolean {
  for (const name in wanted) {
    if (header[name] !== wanted[name]) return false
  }
  return true
}

/** Whether the header has exactly the parameters a parser key names, in the key's order. */
export function sameParams (header: Record<string, string>, wanted: Record<string, string>): boolean {
  const names = Object.keys(header)
  const wantedNames = Object.keys(wanted)
  if (names.length !== wantedNames.length) return false
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!
    if (name !== wantedNames[i] || header[name] !== wanted[name]) return false
  }
  return true
}
