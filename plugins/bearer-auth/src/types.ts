import type { EnclaveInstance, EnclaveReply, EnclaveRequest } from '@enclave/core'

/** The hooks the check can run in; all of them run before the handler, the earlier the cheaper. */
export type BearerAuthHook = 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler'

/**
 * What `auth` may return (or resolve to): `true` accepts, `false` answers 401, and an object accepts
 * and becomes `request.bearerPrincipal` (the user or client the key belongs to). Anything else is a
 * bug in `auth` and answers 500.
 */
export type BearerAuthResult = boolean | object

export type BearerAuthFunction = (this: EnclaveInstance, key: string, request: EnclaveRequest) => BearerAuthResult | Promise<BearerAuthResult>

export interface BearerAuthOptions {
  /** Accepted tokens. Ignored when `auth` is a function. Default: none (every request is refused). */
  keys?: ReadonlySet<string> | readonly string[]
  /** Decides about a token instead of `keys`; `this` is the instance the plugin was registered in. */
  auth?: BearerAuthFunction | null
  /** Builds the body of every error response. Default: `err => ({ error: err.message })`. */
  errorResponse?: (err: Error) => unknown
  /** Content type of every error response the plugin sends. Default: JSON. */
  contentType?: string
  /** The scheme expected in the Authorization header (and named in WWW-Authenticate). Default: 'Bearer'. */
  bearerType?: string
  /** 'rfc6750' (default): the scheme must match exactly; 'rfc6749': case-insensitively. */
  specCompliance?: 'rfc6750' | 'rfc6749'
  /**
   * `true` (default) checks in `onRequest`; a hook name checks there; `false` adds no hook and only
   * decorates `verifyBearerAuth` / `verifyBearerAuthFactory` for composition.
   */
  addHook?: boolean | BearerAuthHook
  /** The level refused requests are logged at. Default: 'error' (as the peer); 'warn' or 'info' suit public APIs. */
  verifyErrorLogLevel?: string
  /** The realm named in WWW-Authenticate. Default: 'api'. */
  realm?: string
  /** `false` leaves WWW-Authenticate out of 401 responses. Default: true (RFC 6750 §3 requires it). */
  wwwAuthenticate?: boolean
}

/** `(request, reply, done)`: a hook, and the shape @fastify/auth composes. */
export type VerifyBearerAuth = (request: EnclaveRequest, reply: EnclaveReply, done: (err?: Error) => void) => void
export type VerifyBearerAuthFactory = (options?: BearerAuthOptions) => VerifyBearerAuth

declare module '@enclave/core' {
  interface EnclaveRequestDecorations {
    /** The accepted token, in routes covered by @enclave/bearer-auth; `null` before the check or where it did not run. */
    bearerToken?: string | null
    /** What `auth` returned when it returned an object; `null` otherwise. */
    bearerPrincipal?: object | null
  }
  interface EnclaveInstanceDecorations {
    /** Present where @enclave/bearer-auth was registered with `addHook: false`. */
    verifyBearerAuth?: VerifyBearerAuth
    verifyBearerAuthFactory?: VerifyBearerAuthFactory
  }
}
