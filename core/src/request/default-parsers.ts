/** The built-in body parsers: JSON (secure-json-parse, with the nesting and poisoning options) and plain text. */
import { isUtf8 } from 'node:buffer'
import sjson from 'secure-json-parse'
import { errorCodes } from '../errors/codes.js'

type PoisoningAction = 'error' | 'remove' | 'ignore'
type ParserDone = (error: Error | null, body?: unknown) => void

/** The options that shape the built-in JSON parser (see the differences table). */
export interface JsonParserOptions {
  /** Fastify v5's FST_ERR_CTP_INVALID_JSON_BODY instead of the parser's own SyntaxError. */
  readonly genericJsonParseErrors: boolean
  /** Deepest nesting accepted, or false for none (Fastify 4). */
  readonly jsonNestingLimit: number | false
}

/** Whether arrays/objects nest deeper than `limit`, brackets inside strings not counted. */
function nestsTooDeep (body: Buffer | string, limit: number): boolean {
  // Each level takes an opening and a closing bracket: a short body cannot be too deep.
  if (body.length <= 2 * limit) return false
  const text = typeof body === 'string'
  let depth = 0
  let inString = false
  for (let i = 0; i < body.length; i++) {
    const code = text ? (body as string).charCodeAt(i) : (body as Buffer)[i]
    if (inString) {
      if (code === 0x5c) i++
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true
    } else if (code === 0x5d || code === 0x7d) {
      depth--
    }
  }
  return false
}

type ParseOptions = { readonly protoAction: PoisoningAction, readonly constructorAction: PoisoningAction }

/**
 * secure-json-parse scans the whole text with two regular expressions for a `__proto__` or
 * `constructor` key, written plainly or with `\u` escapes, before it trusts JSON.parse's result.
 * A text that holds neither name and no `\u` cannot match them: JSON.parse alone (after the BOM
 * secure-json-parse drops) gives the same value and the same errors, and three substring searches
 * cost about half as much as the two scans on a 1 KB body (bench/notes.md, "JSON bodies without the
 * poisoning scans").
 */
function parseJsonText (text: string, options: ParseOptions): unknown {
  if (text.includes('\\u') || text.includes('__proto__') || text.includes('constructor')) return sjson.parse(text, null, options)
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
}

/**
 * Fastify 4 answers what the parser threw, as a 400: the SyntaxError's own message, no code. Its
 * parser (secure-json-parse) parses with no stack frames recorded, so the error's stack, which the
 * error handlers see and the log line carries, is its first line alone; the same here.
 */
function asBadRequest (error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error))
  error.stack = `${error.name}: ${error.message}`
  // A RangeError (nesting too deep to parse) keeps Fastify 4's 500.
  if (error instanceof SyntaxError) (error as SyntaxError & { statusCode?: number }).statusCode = 400
  return error
}

/** The Fastify 5 JSON parsers createJsonParser made (see isJsonTextParser). */
const jsonParsers = new WeakSet<object>()

/**
 * A Fastify 5 JSON parser made here: it may be given the text a runtime's own UTF-8 decoding made.
 * It drops a leading BOM, as that decoding does, and Fastify 5 measures a body by the bytes read,
 * which a runtime's server frames; Fastify 4 measures the decoded text, so its parsers read bytes.
 */
export function isJsonTextParser (fn: unknown): boolean {
  return typeof fn === 'function' && jsonParsers.has(fn)
}

/**
 * The JSON body parser: secure-json-parse with the given poisoning actions, in the callback form
 * `(request, body, done)` Fastify's `getDefaultJsonParser` returns. With genericJsonParseErrors a
 * body that is not UTF-8, nests too deep or does not parse answers Fastify v5's
 * FST_ERR_CTP_INVALID_JSON_BODY, never the parser's internals. Fastify 5 (`api` 5) answers that
 * error for a body that does not parse, without the other checks.
 */
export function createJsonParser (onProtoPoisoning: PoisoningAction, onConstructorPoisoning: PoisoningAction, options: JsonParserOptions, api: 4 | 5 = 4) {
  const parseOptions: ParseOptions = { protoAction: onProtoPoisoning, constructorAction: onConstructorPoisoning }
  const generic = options.genericJsonParseErrors
  const genericSyntaxErrors = generic || api === 5
  const limit = options.jsonNestingLimit
  const parser = function defaultJsonParser (_request: unknown, body: Buffer | string, done: ParserDone): void {
    if (body.length === 0) {
      done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY())
      return
    }
    if (generic && typeof body !== 'string' && !isUtf8(body)) {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY())
      return
    }
    if (limit !== false && nestsTooDeep(body, limit)) {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY())
      return
    }
    let parsed: unknown
    try {
      parsed = parseJsonText(typeof body === 'string' ? body : body.toString('utf8'), parseOptions)
    } catch (error) {
      done(genericSyntaxErrors ? new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY() : asBadRequest(error))
      return
    }
    done(null, parsed)
  }
  if (api === 5) jsonParsers.add(parser)
  return parser
}

export function defaultTextParser (_request: unknown, body: string, done: ParserDone): void {
  done(null, body)
}
