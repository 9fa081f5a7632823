/** Content-type parsers: the store each context adds parsers to, and the lookup that picks one for a request's Content-Type. */
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { formatContentType, hasParams, isValidMediaType, mediaTypeOf, parseContentType, sameParams } from './content-type.js'
import type { ParsedContentType } from './content-type.js'
import type { AnyFunction } from '../types/internal.js'
import { isJsonTextParser } from './default-parsers.js'

export type ParseAs = 'string' | 'buffer'

/**
 * What a parser function gets as `this`, as in Fastify 4.29 (named as Fastify's): how it reads the
 * body, its limit (the server's when it set none) and the function itself.
 */
export class Parser {
  readonly asString: boolean
  readonly asBuffer: boolean
  readonly bodyLimit: number
  readonly fn: AnyFunction

  constructor (parseAs: ParseAs | null, bodyLimit: number, fn: AnyFunction) {
    this.asString = parseAs === 'string'
    this.asBuffer = parseAs === 'buffer'
    this.bodyLimit = bodyLimit
    this.fn = fn
  }
}

/** One content-type parser, as addContentTypeParser registered it. */
export interface BodyParser {
  readonly fn: AnyFunction
  readonly parseAs: ParseAs | null
  readonly bodyLimit: number | undefined
  /** The parser function's `this`. */
  readonly receiver: Parser
  /** `fn(request, body, done)` rather than `async fn(request, body)`. */
  readonly callbackStyle: boolean
  /** A built-in parser (JSON, text): the one key a context may register a second time, once. */
  readonly builtIn: boolean
  /** Enclave's Fastify 5 JSON parser, taking text: it may be given what a runtime's own UTF-8 decoding made (read-body.ts). */
  readonly jsonText: boolean
}

/**
 * Fastify does not check a parser's bodyLimit: a falsy one means the server's (or route's), a number
 * is compared as it is (a negative one refuses every body), and anything else never compares
 * greater, so it lifts the limit.
 */
function parserBodyLimit (value: unknown): number | undefined {
  if (typeof value === 'number') return value === 0 || Number.isNaN(value) ? undefined : value
  return value ? Infinity : undefined
}

/** A string key as matched: its media type and the parameters it requires. */
interface KeyedParser {
  /** The key's media type as written (Fastify's loose matching compares it unchanged). */
  readonly rawType: string
  /** Lower-cased, or null when the key is not a valid media type (never matches exactly). */
  readonly type: string | null
  readonly params: Record<string, string>
  readonly hasParams: boolean
  readonly parser: BodyParser
}

/**
 * Fastify 5 reads a key lower-cased, parameter values included, and as leniently as a header;
 * Fastify 4.29 reads it as written.
 */
function keyedParser (key: string, parser: BodyParser, api: 4 | 5): KeyedParser {
  const semicolon = key.indexOf(';')
  const parsed = api === 5 ? parseContentType(key.toLowerCase(), true) : parseContentType(key)
  const params = parsed === null ? {} : parsed.params
  return {
    rawType: semicolon === -1 ? key : key.slice(0, semicolon),
    type: parsed === null ? null : parsed.type,
    params,
    hasParams: Object.keys(params).length > 0,
    parser
  }
}

const maxCachedHeaders = 100

function withoutState (pattern: RegExp): RegExp {
  return pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern
}

/**
 * What Fastify 5 tests a RegExp key against: the media type lower-cased, then each parameter as
 * `; name="value"` (name lower-cased, value as sent, in the header's order) — so
 * `/application\/json; charset="utf8"/` matches `application/json; charset=utf8`.
 */
function patternSubject (parsed: ParsedContentType): string {
  let subject = parsed.type
  for (const name in parsed.params) subject += `; ${name}="${parsed.params[name]!}"`
  return subject
}

/**
 * Fastify 5's FSTSEC001: a RegExp that neither starts with `^` nor allows for the `;` after the
 * media type may match a type it was not written for (a CORS bypass).
 */
function warnIfUnanchored (pattern: RegExp): void {
  if (!pattern.source.startsWith('^') && !pattern.source.includes(';?')) warnings.FSTSEC001(pattern.source)
}

/**
 * The parsers one context sees, flattened at ready(). Lookups are cached per header value, since
 * a server sees few distinct Content-Type strings; the cache is bounded so hostile headers cannot
 * grow it. String keys are tried before RegExps, the latest added first, as Fastify documents.
 */
export class ParserLookup {
  private readonly byKey: Map<string, BodyParser>
  private readonly keyed: KeyedParser[]
  private readonly patterns: Array<[RegExp, BodyParser]>
  /** The `'*'` parser: a body of no known type, or with no Content-Type. */
  readonly catchAll: BodyParser | null
  private readonly exactMatching: boolean
  /** Fastify 5 tests a RegExp key against the whole parsed type, parameters included (see patternSubject). */
  private readonly patternsSeeParameters: boolean
  /** Fastify 5.12 leaves a malformed parameter out of a header (`application/json;` is JSON); 4.29 refuses the header. */
  private readonly skipMalformedParams: boolean
  /**
   * Fastify 5.12 takes a key with parameters for a header whose parameters are exactly the key's,
   * in its order (values compared as sent); 4.29 for any header that carries them.
   */
  private readonly paramsExactly: boolean
  private readonly cache = new Map<string, BodyParser | null>()

  constructor (byKey: Map<string, BodyParser>, patterns: Array<[RegExp, BodyParser]>, catchAll: BodyParser | null, exactMatching: boolean, api: 4 | 5) {
    this.skipMalformedParams = api === 5
    this.paramsExactly = api === 5
    this.byKey = byKey
    this.keyed = []
    for (const [key, parser] of byKey) this.keyed.unshift(keyedParser(key, parser, api))
    // Fastify 5 matches a RegExp with the `g` or `y` flag afresh on every request; in Fastify 4.29 its
    // lastIndex carries over from the last match, so every other request misses it.
    this.patterns = api === 5 ? patterns.map(([pattern, parser]) => [withoutState(pattern), parser] as [RegExp, BodyParser]).reverse() : patterns.slice().reverse()
    this.catchAll = catchAll
    this.exactMatching = exactMatching
    this.patternsSeeParameters = api === 5
  }

  /**
   * Takes the parsers of a lookup compiled afresh (the same fields, so the same shape): Fastify 5's
   * parser methods in the tick after ready() reach the routes of their context, which share this one.
   */
  refresh (from: ParserLookup): void {
    Object.assign(this, from)
  }

  find (header: string): BodyParser | null {
    const cached = this.cache.get(header)
    if (cached !== undefined) return cached
    const parser = this.exactMatching ? this.matchExactly(header) : this.matchLoosely(header)
    if (this.cache.size >= maxCachedHeaders) this.cache.clear()
    this.cache.set(header, parser)
    return parser
  }

  /**
   * exactContentTypeMatching: the header's media type must equal a key's (case-insensitive); a key
   * with parameters needs them in the header too and wins over the bare type.
   */
  private matchExactly (header: string): BodyParser | null {
    const parsed = parseContentType(header, this.skipMalformedParams)
    if (parsed === null) return this.unparsable(header)
    for (const entry of this.keyed) {
      if (entry.hasParams && entry.type === parsed.type && (this.paramsExactly ? sameParams(parsed.params, entry.params) : hasParams(parsed.params, entry.params))) return entry.parser
    }
    for (const entry of this.keyed) {
      if (!entry.hasParams && entry.type === parsed.type) return entry.parser
    }
    return this.matchPattern(this.patternsSeeParameters ? patternSubject(parsed) : parsed.type)
  }

  /**
   * Fastify 4.29's matching: the header exactly as a key, else the first key (latest first) whose
   * media type is contained in the header's and whose parameters the header carries — so
   * `application/jsonx` reaches the JSON parser.
   */
  private matchLoosely (header: string): BodyParser | null {
    const exact = this.byKey.get(header)
    if (exact !== undefined) return exact
    const parsed = parseContentType(header, this.skipMalformedParams)
    if (parsed === null) return this.unparsable(header)
    const entry = this.containedKey(parsed)
    if (entry !== null) return entry.parser
    // Fastify 4.29 tests a RegExp that spells a `;` against the header as received, parameters
    // included, and any other RegExp against the lower-cased media type alone.
    for (const [pattern, parser] of this.patterns) {
      if (pattern.test(pattern.source.includes(';') ? header : parsed.type)) return parser
    }
    return this.catchAll
  }

  /**
   * A header that does not parse. No media type at all (a body sent without one) goes to the
   * catch-all parser, as in Fastify. A malformed media type (`application/json\ta`,
   * `application/json garbage`, `application/json, text/plain`) is refused even with a catch-all:
   * each part of the server reads such a header its own way, which is how a body gets parsed as
   * one type and validated as another (the fix Fastify made in 5.7.2 and 5.8.1, on every entry).
   * Malformed parameters alone keep Fastify 4's answer: the catch-all, else 415.
   */
  private unparsable (header: string): BodyParser | null {
    return header.trim() === '' || isValidMediaType(mediaTypeOf(header)) ? this.catchAll : null
  }

  /**
   * The media type of the string key whose parser loose matching picks for this header, when it
   * is not the header's own (`application/jsonx` read by the `application/json` parser); null
   * otherwise. A body schema keyed by media type validates such a body as the parser's type
   * rather than skipping it. Off the hot path: only asked when the header's own type has no schema.
   */
  keyTypeOf (header: string): string | null {
    // A header spelled exactly as a key is read by that key's parser: its own type.
    if (this.exactMatching || this.byKey.has(header)) return null
    const parsed = parseContentType(header, this.skipMalformedParams)
    const entry = parsed === null ? null : this.containedKey(parsed)
    return entry === null ? null : entry.type
  }

  /** Fastify 4.29's loose rule: the first key (latest first) whose media type is contained in the header's and whose parameters it carries. */
  private containedKey (parsed: ParsedContentType): KeyedParser | null {
    for (const entry of this.keyed) {
      // A key with no media type before its `;` matches nothing (Fastify 4.29).
      if (entry.rawType !== '' && parsed.type.includes(entry.rawType) && hasParams(parsed.params, entry.params)) return entry
    }
    return null
  }

  private matchPattern (type: string): BodyParser | null {
    for (const [pattern, parser] of this.patterns) {
      if (pattern.test(type)) return parser
    }
    return this.catchAll
  }
}

/** The name `has` and `remove` know the catch-all by on each entry (see ParserStore's catchAllName). */
export function catchAllNameOf (profile: { readonly name: string, readonly api: 4 | 5 }): string | null {
  if (profile.api === 5) return null
  return profile.name === 'enclave' ? '*' : ''
}

/**
 * The content-type parsers of one context: those its parent had when the context loaded (as in
 * Fastify, which gives a child a copy of its parent's parsers then: one the parent adds later, say
 * through a wrapped plugin registered after the child, does not reach the child's routes), and
 * those added in the context itself.
 */
export class ParserStore {
  /** The Fastify major whose rules apply to the keys (see add and has). */
  private readonly api: 4 | 5
  /** Keys exactly as given (Fastify keys parsers by the string), in the order they were added. */
  private readonly exact = new Map<string, BodyParser>()
  private readonly patterns: Array<[RegExp, BodyParser]> = []
  private catchAll: BodyParser | null = null

  /**
   * The name `has` and `remove` know the catch-all parser by: `'*'` on `enclave()`; `''` on the
   * Fastify 4 face (Fastify 4.29 keys it so: `hasContentTypeParser('*')` is false); none on the
   * Fastify 5 face, where neither name finds it and only `removeAllContentTypeParsers` drops it.
   */
  private readonly catchAllName: string | null

  constructor (parent: ParserStore | null, api: 4 | 5, catchAllName: string | null) {
    this.api = api
    this.catchAllName = catchAllName
    if (parent === null) return
    for (const [key, parser] of parent.exact) this.exact.set(key, parser)
    for (const entry of parent.patterns) this.patterns.push(entry)
    this.catchAll = parent.catchAll
  }

  /**
   * The key a string names a parser by, for `has`, `remove` and spotting a parser added twice:
   * as written on Fastify 4; on Fastify 5 its media type lower-cased and its parameters (names
   * lower-cased, values as written) as `; name="value"`, so `text/html;charset=utf-8` and
   * `TEXT/HTML; charset="utf-8"` are one key. A string that is not a media type names no parser.
   */
  private keyOf (type: string): string {
    if (this.api === 4) return type
    const parsed = parseContentType(type, true)
    return parsed === null ? '/' : formatContentType(parsed)
  }

  /** The key a parser added under `type` is known by: Fastify 5 lower-cases the whole string first, parameter values included. */
  private storedKeyOf (type: string): string {
    return this.api === 4 ? type : this.keyOf(type.trim().toLowerCase())
  }

  /** The key of a visible exact parser that `type` names (see keyOf), or undefined. */
  private visibleKeyNamed (exact: Map<string, BodyParser>, type: string): string | undefined {
    if (this.api === 4) return exact.has(type) ? type : undefined
    const wanted = this.keyOf(type)
    for (const key of exact.keys()) if (this.storedKeyOf(key) === wanted) return key
    return undefined
  }

  add (types: unknown, options: { parseAs?: unknown, bodyLimit?: unknown }, fn: unknown, serverBodyLimit: number, builtIn = false): void {
    // One type after the other, as Fastify does: the types before a refused one stay added.
    if (!Array.isArray(types)) this.addOne(types, options, fn, serverBodyLimit, builtIn)
    else for (const type of types) this.addOne(type, options, fn, serverBodyLimit, builtIn)
  }

  /** Checks in Fastify's order: the type, the handler, a parser already there, `parseAs`, then (Fastify 5) the media type. */
  private addOne (type: unknown, options: { parseAs?: unknown, bodyLimit?: unknown }, fn: unknown, serverBodyLimit: number, builtIn: boolean): void {
    if (typeof type !== 'string' && !(type instanceof RegExp)) throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
    // Fastify 5 keys a string trimmed and lower-cased (see keyOf for how it compares keys).
    const key = typeof type === 'string' && this.api === 5 ? type.trim().toLowerCase() : type
    if (key === '') throw new errorCodes.FST_ERR_CTP_EMPTY_TYPE()
    if (typeof fn !== 'function') throw new errorCodes.FST_ERR_CTP_INVALID_HANDLER()
    let existingKey: string | undefined
    if (key instanceof RegExp) {
      const text = key.toString()
      if (this.patterns.some(([pattern]) => pattern.toString() === text)) throw new errorCodes.FST_ERR_CTP_ALREADY_PRESENT(text)
    } else if (key !== '*') {
      // The built-in JSON and text parsers may be replaced, once; every other key is added only once
      // (Fastify 5 lets a built-in go only for its key exactly: `application/json;` is a duplicate).
      existingKey = this.visibleKeyNamed(this.exact, key)
      const replacesBuiltIn = existingKey !== undefined && this.exact.get(existingKey)!.builtIn && (this.api === 4 || key === existingKey)
      if (existingKey !== undefined && !replacesBuiltIn) throw new errorCodes.FST_ERR_CTP_ALREADY_PRESENT(key)
    }
    const { parseAs, bodyLimit } = options
    if (parseAs !== undefined && parseAs !== 'string' && parseAs !== 'buffer') {
      throw new errorCodes.FST_ERR_CTP_INVALID_PARSE_TYPE(String(parseAs))
    }
    const parser: BodyParser = {
      fn: fn as AnyFunction,
      parseAs: (parseAs ?? null) as ParseAs | null,
      bodyLimit: parserBodyLimit(bodyLimit),
      receiver: new Parser((parseAs ?? null) as ParseAs | null, typeof bodyLimit === 'number' && bodyLimit !== 0 ? bodyLimit : serverBodyLimit, fn as AnyFunction),
      // `(request, payloadOrBody, done)`: three parameters mean the callback style.
      callbackStyle: (fn as AnyFunction).length >= 3,
      builtIn,
      jsonText: parseAs === 'string' && isJsonTextParser(fn)
    }
    if (key instanceof RegExp) {
      if (this.api === 5) warnIfUnanchored(key)
      this.patterns.push([key, parser])
      return
    }
    if (key === '*') {
      // As in Fastify 4.29 and 5.12, a second catch-all replaces the first.
      this.catchAll = parser
      return
    }
    // Fastify 5 refuses a key whose media type is not `type/subtype` (4.29 keeps it, matching nothing or by containment).
    if (this.api === 5 && !isValidMediaType(mediaTypeOf(key))) throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
    const name = type as string
    // A built-in replaced under another spelling of its key: one parser for that key, as in Fastify 5.
    if (existingKey !== undefined && existingKey !== name) this.exact.delete(existingKey)
    this.exact.set(name, parser)
  }

  /**
   * Fastify 4.29 looks a string up exactly as given and answers false for anything else; Fastify 5
   * compares it as a media type (see keyOf), and refuses what is neither a string nor a RegExp.
   */
  has (type: unknown): boolean {
    if (type instanceof RegExp) return this.patterns.some(([pattern]) => pattern.toString() === type.toString())
    if (typeof type !== 'string') {
      if (this.api === 5) throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
      // Fastify 4.29 looks up what toString() gives (null and undefined fail with the engine's TypeError).
      return this.exact.has((type as { toString: () => string }).toString())
    }
    if (type === this.catchAllName) return this.catchAll !== null
    return this.visibleKeyNamed(this.exact, type) !== undefined
  }

  remove (types: unknown): void {
    const list = Array.isArray(types) ? types : [types]
    for (const type of list) {
      if (type instanceof RegExp) {
        const text = type.toString()
        const index = this.patterns.findIndex(([pattern]) => pattern.toString() === text)
        if (index !== -1) this.patterns.splice(index, 1)
        continue
      }
      if (typeof type !== 'string') throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
      if (type === this.catchAllName) {
        this.catchAll = null
        continue
      }
      const key = this.keyOf(type)
      for (const own of [...this.exact.keys()]) if (this.storedKeyOf(own) === key) this.exact.delete(own)
    }
  }

  removeAll (): void {
    this.exact.clear()
    this.patterns.length = 0
    this.catchAll = null
  }

  /** Called at ready(): the parsers this context sees, in a lookup structure. */
  compile (exactMatching: boolean): ParserLookup {
    // A copy: the lookup keeps the map, and this context's parsers are the next child's starting set.
    return new ParserLookup(new Map(this.exact), this.patterns, this.catchAll, exactMatching, this.api)
  }
}
