import type { EnclaveLogger } from '@enclave/core'
import {
  ENC_ERR_BEARER_AUTH_UNUSABLE_KEY,
  ENC_ERR_BEARER_AUTH_INVALID_OPTION,
  FST_BEARER_AUTH_INVALID_HOOK,
  FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE,
  FST_BEARER_AUTH_INVALID_LOG_LEVEL,
  FST_BEARER_AUTH_INVALID_SPEC,
  FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE
} from './errors.js'
import type { BearerAuthFunction, BearerAuthHook, BearerAuthOptions } from './types.js'

/** The options after defaults and checks: everything the per-request code reads, nothing optional. */
export interface ResolvedOptions {
  keys: string[]
  auth: BearerAuthFunction | null
  errorResponse: (err: Error) => unknown
  contentType: string | undefined
  bearerType: string
  caseInsensitiveScheme: boolean
  hook: BearerAuthHook | null
  verifyErrorLogLevel: string
  realm: string
  wwwAuthenticate: boolean
}

const hookNames: ReadonlySet<string> = new Set(['onRequest', 'preParsing', 'preValidation', 'preHandler'])

function defaultErrorResponse (err: Error): unknown {
  return { error: err.message }
}

/**
 * A key the request path could never accept is a configuration mistake worth failing on (the peer
 * accepts it and answers 401 forever): the token is trimmed, so surrounding whitespace never
 * matches, a trailing newline from an environment file included; header values arrive as Latin-1
 * bytes, so a non-ASCII key never equals what a client sends; and an empty key is refused outright.
 */
function whyUnusable (key: string): string | null {
  if (key === '') return 'it is empty'
  if (key.trim() !== key) return 'it starts or ends with whitespace, which is trimmed from the token'
  if (!/^[\u0020-\u007e]+$/.test(key)) return 'it holds characters other than printable ASCII (RFC 6750 tokens are ASCII)'
  return null
}

function resolveKeys (keys: unknown): string[] {
  if (keys === undefined) return []
  if (!(keys instanceof Set) && !Array.isArray(keys)) throw new FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE()
  const unique = new Set<string>()
  let position = 0
  for (const key of keys as Iterable<unknown>) {
    if (typeof key !== 'string') throw new FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE()
    const problem = whyUnusable(key)
    if (problem !== null) throw new ENC_ERR_BEARER_AUTH_UNUSABLE_KEY(position, problem)
    unique.add(key)
    position++
  }
  return [...unique]
}

function resolveHook (addHook: unknown): BearerAuthHook | null {
  if (addHook === undefined || addHook === true) return 'onRequest'
  if (addHook === false) return null
  if (typeof addHook === 'string' && hookNames.has(addHook)) return addHook as BearerAuthHook
  throw new FST_BEARER_AUTH_INVALID_HOOK()
}

function optionalFunction<T> (options: Record<string, unknown>, name: string): T | undefined {
  const value = options[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'function') throw new ENC_ERR_BEARER_AUTH_INVALID_OPTION(`options.${name}`, 'a function')
  return value as T
}

// Header values travel as Latin-1 and may not hold control characters (Node refuses to send them);
// the realm is kept to printable ASCII so no client mangles it. `"` and `\` are escaped when quoted.
const printableAscii = /^[\u0020-\u007e]*$/
const noControlCharacters = /^[^\u0000-\u001f\u007f]+$/ // eslint-disable-line no-control-regex
// The scheme is an HTTP token (RFC 9110 §5.6.2): no spaces, quotes or separators.
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

function optionalString (options: Record<string, unknown>, name: string, pattern: RegExp, what: string): string | undefined {
  const value = options[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !pattern.test(value)) throw new ENC_ERR_BEARER_AUTH_INVALID_OPTION(`options.${name}`, what)
  return value
}

/**
 * Applies @fastify/bearer-auth's defaults and rejects anything the request path would trip over,
 * so a mistake fails `register()` instead of a request.
 */
export function resolveOptions (given: BearerAuthOptions | undefined, log: EnclaveLogger): ResolvedOptions {
  if (given !== undefined && (typeof given !== 'object' || given === null)) {
    throw new ENC_ERR_BEARER_AUTH_INVALID_OPTION('the options', 'an object')
  }
  const options = (given ?? {}) as Record<string, unknown>
  const auth = optionalFunction<BearerAuthFunction>(options, 'auth') ?? null

  const specCompliance = options.specCompliance ?? 'rfc6750'
  if (specCompliance !== 'rfc6750' && specCompliance !== 'rfc6749') throw new FST_BEARER_AUTH_INVALID_SPEC()

  const verifyErrorLogLevel = options.verifyErrorLogLevel ?? 'error'
  if (typeof verifyErrorLogLevel !== 'string' || typeof (log as unknown as Record<string, unknown>)[verifyErrorLogLevel] !== 'function') {
    throw new FST_BEARER_AUTH_INVALID_LOG_LEVEL(String(verifyErrorLogLevel))
  }

  const realm = optionalString(options, 'realm', printableAscii, 'a string of printable ASCII characters')
  const wwwAuthenticate = options.wwwAuthenticate ?? true
  if (typeof wwwAuthenticate !== 'boolean') throw new ENC_ERR_BEARER_AUTH_INVALID_OPTION('options.wwwAuthenticate', 'a boolean')

  return {
    // `auth` replaces the keys entirely (as in the peer), so they are neither checked nor kept.
    keys: auth === null ? resolveKeys(options.keys) : [],
    auth,
    errorResponse: optionalFunction<(err: Error) => unknown>(options, 'errorResponse') ?? defaultErrorResponse,
    contentType: optionalString(options, 'contentType', noControlCharacters, 'a non-empty string without control characters'),
    bearerType: optionalString(options, 'bearerType', token, "an HTTP scheme name such as 'Bearer'") ?? 'Bearer',
    caseInsensitiveScheme: specCompliance === 'rfc6749',
    hook: resolveHook(options.addHook),
    verifyErrorLogLevel,
    realm: realm ?? 'api',
    wwwAuthenticate
  }
}
