import { isUtf8 } from 'node:buffer'
import sjson from 'secure-json-parse'
import { errorCodes } from '../errors/codes.js'
import type { ResolvedOptions } from '../options.js'

type PoisoningAction = 'error' | 'remove' | 'ignore'

/**
 * Deeper documents are refused: V8 parses them, but every recursive walk after it (validators,
 * serializers, user code) overflows the stack on them, so they can only be an attack.
 */
export const maxJsonDepth = 1000

/** Whether arrays/objects nest deeper than maxJsonDepth, brackets inside strings not counted. */
function nestsTooDeep (body: Buffer | string): boolean {
  // Each level takes an opening and a closing bracket: a short body cannot be too deep.
  if (body.length <= 2 * maxJsonDepth) return false
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
      if (++depth > maxJsonDepth) return true
    } else if (code === 0x5d || code === 0x7d) {
      depth--
    }
  }
  return false
}

/**
 * The JSON body parser: secure-json-parse with the server's poisoning options. It takes the raw
 * bytes so a body that is not UTF-8 is refused rather than silently decoded with replacement
 * characters, and its errors never carry parser internals (design §5).
 */
export function createJsonParser (onProtoPoisoning: PoisoningAction, onConstructorPoisoning: PoisoningAction) {
  const parseOptions = { protoAction: onProtoPoisoning, constructorAction: onConstructorPoisoning }
  return function parseJsonBody (_request: unknown, body: Buffer | string): unknown {
    if (body.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY()
    if (typeof body !== 'string' && !isUtf8(body)) throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()
    if (nestsTooDeep(body)) throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()
    let parsed
    try {
      parsed = sjson.parse(typeof body === 'string' ? body : body.toString('utf8'), null, parseOptions)
    } catch (error) {
      if (error instanceof SyntaxError && /prototype property/.test(error.message)) {
        throw new errorCodes.FST_ERR_CTP_FORBIDDEN_PROPERTY()
      }
      // SyntaxError for bad JSON, RangeError for nesting too deep to scan.
      throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()
    }
    return parsed
  }
}

export function parseTextBody (_request: unknown, body: string): string {
  return body
}

export function defaultJsonParser (options: ResolvedOptions) {
  return createJsonParser(options.onProtoPoisoning, options.onConstructorPoisoning)
}
