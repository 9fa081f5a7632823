import type { EnclaveInstance, EnclaveRequest } from '@enclave/core'
import { buildChallenges } from './challenges.js'
import { createKeyMatcher } from './compare-keys.js'
import {
  ENC_ERR_BEARER_AUTH_INTERNAL,
  FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER,
  FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER
} from './errors.js'
import type { ResolvedOptions } from './options.js'
import type { BearerAuthFunction } from './types.js'

/** `null`: the request may go on (its decorations are set); an Error: how to refuse it. */
export type Outcome = Error | null
export type Authenticate = (request: EnclaveRequest) => Outcome | Promise<Outcome>

type Refusal = Error & { statusCode: number, headers?: Record<string, string> }

function isThenable (value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

function describe (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}

/**
 * Builds the check a request goes through: read the Authorization header, take the token out of it,
 * and accept it by `keys` or `auth`. Everything that does not depend on the request (the scheme
 * prefix, the key digests, the challenge strings) is computed here, once.
 */
export function createAuthenticator (options: ResolvedOptions, instance: EnclaveInstance): Authenticate {
  const prefix = options.bearerType + ' '
  const lowerCasePrefix = prefix.toLowerCase()
  const lowerCaseType = options.bearerType.toLowerCase()
  const caseInsensitive = options.caseInsensitiveScheme
  const matchesAnyKey = options.auth === null ? createKeyMatcher(options.keys) : null
  const auth = options.auth as BearerAuthFunction
  const challenges = buildChallenges(options)
  const logLevel = options.verifyErrorLogLevel

  function refuse (request: EnclaveRequest, ErrorClass: new () => Error, challenge: string | null): Refusal {
    const error = new ErrorClass() as Refusal
    // Carried on the error so it also reaches the client when `done(err)` hands it to an error handler.
    if (challenge !== null) error.headers = { 'www-authenticate': challenge }
    ;(request.log as unknown as Record<string, (...args: unknown[]) => void>)[logLevel]!('unauthorized: %s', error.message)
    return error
  }

  /** auth() failed or broke its contract: log the real reason, answer with a fixed one. */
  function internalError (request: EnclaveRequest, cause: unknown): Error {
    request.log.error({ err: cause }, 'bearer auth: the auth function failed')
    const error = new ENC_ERR_BEARER_AUTH_INTERNAL()
    // Not enumerable, so an error handler that serialises the error does not send the cause along.
    Object.defineProperty(error, 'cause', { value: cause, enumerable: false, configurable: true, writable: true })
    return error
  }

  /**
   * Whether a header the plugin could not read still names its scheme (`Bearer`, `Bearer\t…`,
   * `bearer x` under rfc6750): malformed Bearer credentials, `invalid_request`. Any other scheme
   * (`Basic …`) carries no Bearer credentials at all, and RFC 6750 §3.1 then asks for a challenge
   * without an error code, as for a request that sent none.
   */
  function namesOurScheme (header: string): boolean {
    let end = 0
    // Scanning past the scheme's own length cannot change the answer, however long the header.
    while (end < header.length && end <= lowerCaseType.length && header.charCodeAt(end) !== 32 && header.charCodeAt(end) !== 9) end++
    return end === lowerCaseType.length && header.slice(0, end).toLowerCase() === lowerCaseType
  }

  function tokenOf (header: string): string | null {
    const scheme = header.slice(0, prefix.length)
    if (caseInsensitive ? scheme.toLowerCase() !== lowerCasePrefix : scheme !== prefix) return null
    const token = header.slice(prefix.length).trim()
    return token === '' ? null : token
  }

  function judge (result: unknown, token: string, request: EnclaveRequest): Outcome {
    if (result === true) {
      request.bearerToken = token
      return null
    }
    if (result === false) return refuse(request, FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER, challenges.invalidToken)
    // An Error returned instead of thrown must not pass as a principal: that would let a failure in.
    if (typeof result === 'object' && result !== null && !(result instanceof Error) && !isThenable(result)) {
      request.bearerToken = token
      request.bearerPrincipal = result
      return null
    }
    return internalError(request, new TypeError(`auth() must return true, false or a principal object, not ${describe(result)}`))
  }

  async function settle (pending: PromiseLike<unknown>, token: string, request: EnclaveRequest): Promise<Outcome> {
    let result: unknown
    try {
      result = await pending
    } catch (error) {
      return internalError(request, error)
    }
    return judge(result, token, request)
  }

  return function authenticate (request: EnclaveRequest): Outcome | Promise<Outcome> {
    const header = request.raw.headers.authorization
    if (header === undefined || header === '') {
      return refuse(request, FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER, challenges.missing)
    }
    const token = tokenOf(header)
    if (token === null) {
      const challenge = namesOurScheme(header) ? challenges.invalidRequest : challenges.missing
      return refuse(request, FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER, challenge)
    }
    if (matchesAnyKey !== null) {
      if (!matchesAnyKey(token)) return refuse(request, FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER, challenges.invalidToken)
      request.bearerToken = token
      return null
    }
    let result: unknown
    try {
      result = auth.call(instance, token, request)
    } catch (error) {
      return internalError(request, error)
    }
    return isThenable(result) ? settle(result, token, request) : judge(result, token, request)
  }
}
