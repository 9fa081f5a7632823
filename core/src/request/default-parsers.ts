import { isUtf8 } from 'node:buffer'
import sjson from 'secure-json-parse'
import { errorCodes } from '../errors/codes.js'
import type { ResolvedOptions } from '../options.js'

type PoisoningAction = 'error' | 'remove' | 'ignore'

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
