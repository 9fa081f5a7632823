import { errorCodes } from '../errors/codes.js'
import { isValidMediaType, mediaTypeOf } from './content-type.js'
import type { AnyFunction } from '../types/internal.js'

export type ParseAs = 'string' | 'buffer'

/** One content-type parser, as addContentTypeParser registered it. */
export interface BodyParser {
  readonly fn: AnyFunction
  readonly parseAs: ParseAs | null
  readonly bodyLimit: number | undefined
  readonly instance: object
  /** `fn(request, body, done)` rather than `async fn(request, body)`. */
  readonly callbackStyle: boolean
}

const maxCachedHeaders = 100

/**
 * The parsers one context sees, flattened at ready(). Lookups are cached per header value, since
 * a server sees few distinct Content-Type strings; the cache is bounded so hostile headers cannot
 * grow it.
 */
export class ParserLookup {
  private readonly exact: Map<string, BodyParser>
  private readonly patterns: Array<[RegExp, BodyParser]>
  private readonly catchAll: BodyParser | null
  private readonly cache = new Map<string, BodyParser | null>()

  constructor (exact: Map<string, BodyParser>, patterns: Array<[RegExp, BodyParser]>, catchAll: BodyParser | null) {
    this.exact = exact
    this.patterns = patterns
    this.catchAll = catchAll
  }

  find (header: string): BodyParser | null {
    const cached = this.cache.get(header)
    if (cached !== undefined) return cached
    const parser = this.match(header)
    if (this.cache.size >= maxCachedHeaders) this.cache.clear()
    this.cache.set(header, parser)
    return parser
  }

  private match (header: string): BodyParser | null {
    const type = mediaTypeOf(header)
    const exact = this.exact.get(type)
    if (exact !== undefined) return exact
    if (type.length > 0 && isValidMediaType(type)) {
      for (const [pattern, parser] of this.patterns) {
        if (pattern.test(type)) return parser
      }
    }
    return this.catchAll
  }
}

/** Content-type parsers added in one context; a context also sees its ancestors' unless removed. */
export class ParserStore {
  private readonly parent: ParserStore | null
  private readonly exact = new Map<string, BodyParser>()
  private readonly patterns: Array<[RegExp, BodyParser]> = []
  private catchAll: BodyParser | null = null
  private readonly removed = new Set<string>()
  private removedAll = false

  constructor (parent: ParserStore | null) {
    this.parent = parent
  }

  add (types: unknown, options: { parseAs?: unknown, bodyLimit?: unknown }, fn: unknown, instance: object): void {
    const list = Array.isArray(types) ? types : [types]
    if (list.length === 0) throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
    if (typeof fn !== 'function') throw new errorCodes.FST_ERR_CTP_INVALID_HANDLER()
    const { parseAs, bodyLimit } = options
    if (parseAs !== undefined && parseAs !== 'string' && parseAs !== 'buffer') {
      throw new errorCodes.FST_ERR_CTP_INVALID_PARSE_TYPE(String(parseAs))
    }
    if (bodyLimit !== undefined && !(Number.isInteger(bodyLimit) && (bodyLimit as number) > 0)) {
      throw new errorCodes.FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(String(bodyLimit))
    }
    const parser: BodyParser = {
      fn: fn as AnyFunction,
      parseAs: (parseAs ?? null) as ParseAs | null,
      bodyLimit: bodyLimit as number | undefined,
      instance,
      // `(request, payloadOrBody, done)`: three parameters mean the callback style.
      callbackStyle: (fn as AnyFunction).length >= 3
    }
    for (const type of list) {
      if (type instanceof RegExp) {
        this.patterns.push([type, parser])
        continue
      }
      if (typeof type !== 'string') throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
      if (type.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_TYPE()
      if (type === '*') {
        if (this.catchAll !== null) throw new errorCodes.FST_ERR_CTP_ALREADY_PRESENT(type)
        this.catchAll = parser
        continue
      }
      const key = mediaTypeOf(type)
      if (this.exact.has(key)) throw new errorCodes.FST_ERR_CTP_ALREADY_PRESENT(type)
      this.removed.delete(key)
      this.exact.set(key, parser)
    }
  }

  has (type: unknown): boolean {
    const lookup = this.flatten()
    if (type instanceof RegExp) return lookup.patterns.some(([pattern]) => pattern.toString() === type.toString())
    if (typeof type !== 'string') return false
    if (type === '*') return lookup.catchAll !== null
    return lookup.exact.has(mediaTypeOf(type))
  }

  remove (types: unknown): void {
    const list = Array.isArray(types) ? types : [types]
    for (const type of list) {
      if (type instanceof RegExp) {
        const text = type.toString()
        const index = this.patterns.findIndex(([pattern]) => pattern.toString() === text)
        if (index !== -1) this.patterns.splice(index, 1)
        this.removed.add(text)
        continue
      }
      if (typeof type !== 'string') throw new errorCodes.FST_ERR_CTP_INVALID_TYPE()
      if (type === '*') {
        this.catchAll = null
        this.removed.add('*')
        continue
      }
      const key = mediaTypeOf(type)
      this.exact.delete(key)
      this.removed.add(key)
    }
  }

  removeAll (): void {
    this.exact.clear()
    this.patterns.length = 0
    this.catchAll = null
    this.removedAll = true
  }

  private flatten (): { exact: Map<string, BodyParser>, patterns: Array<[RegExp, BodyParser]>, catchAll: BodyParser | null } {
    const inherited = this.parent === null || this.removedAll
      ? { exact: new Map<string, BodyParser>(), patterns: [] as Array<[RegExp, BodyParser]>, catchAll: null as BodyParser | null }
      : this.parent.flatten()
    const exact = new Map<string, BodyParser>()
    for (const [key, parser] of inherited.exact) if (!this.removed.has(key)) exact.set(key, parser)
    for (const [key, parser] of this.exact) exact.set(key, parser)
    const patterns = inherited.patterns.filter(([pattern]) => !this.removed.has(pattern.toString()))
    patterns.push(...this.patterns)
    const catchAll = this.catchAll ?? (this.removed.has('*') ? null : inherited.catchAll)
    return { exact, patterns, catchAll }
  }

  /** Called at ready(): the parsers this context sees, in a lookup structure. */
  compile (): ParserLookup {
    const { exact, patterns, catchAll } = this.flatten()
    return new ParserLookup(exact, patterns, catchAll)
  }
}
