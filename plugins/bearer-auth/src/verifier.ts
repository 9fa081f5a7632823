import type { EnclaveInstance, EnclaveReply, EnclaveRequest } from '@enclave/core'
import { createAuthenticator, type Outcome } from './authenticate.js'
import type { ResolvedOptions } from './options.js'
import type { VerifyBearerAuth } from './types.js'

type Done = (err?: Error) => void

function isOptedOut (request: EnclaveRequest): boolean {
  const config = request.routeOptions.config as Record<string, unknown> | undefined
  return config !== undefined && config !== null && config.bearerAuth === false
}

/**
 * The check as a `(request, reply, done)` function. With `answer` it replies to a refused request
 * itself (the hook mode); without, it hands the error to `done` so a composer such as @fastify/auth
 * can try another scheme, or the error handler can answer.
 */
export function createVerifier (options: ResolvedOptions, instance: EnclaveInstance, answer: boolean): VerifyBearerAuth {
  const authenticate = createAuthenticator(options, instance)
  const { errorResponse, contentType } = options

  function respond (reply: EnclaveReply, error: Error): void {
    const refusal = error as Error & { statusCode: number, headers?: Record<string, string> }
    // First, so that an errorResponse that throws leaves a clean reply for the error handler.
    let body = errorResponse(error)
    reply.code(refusal.statusCode)
    if (refusal.headers !== undefined) reply.headers(refusal.headers)
    if (contentType !== undefined) {
      reply.type(contentType)
      // With a content type that is not JSON, core would refuse an object body and turn the 401 into
      // a 500; the object is sent as JSON text instead.
      if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) body = JSON.stringify(body)
    }
    reply.send(body as string)
  }

  function conclude (reply: EnclaveReply, done: Done, outcome: Outcome): void {
    if (outcome === null) done()
    else if (answer) respond(reply, outcome) // the reply is sent: the chain stops without `done`
    else done(outcome)
  }

  return function verifyBearerAuth (request: EnclaveRequest, reply: EnclaveReply, done: Done): void {
    if (isOptedOut(request)) {
      done()
      return
    }
    const outcome = authenticate(request)
    if (outcome === null || outcome instanceof Error) {
      conclude(reply, done, outcome)
      return
    }
    // settle() turns every failure of auth() into an Outcome: this promise does not reject.
    void outcome.then(function settled (result) {
      try {
        conclude(reply, done, result)
      } catch (error) {
        // errorResponse threw: let the error handlers answer rather than leave the request hanging.
        done(error as Error)
      }
    })
  }
}

/** preParsing hooks also receive the payload stream; the check leaves it untouched. */
export function asPreParsingHook (verify: VerifyBearerAuth) {
  return function verifyBearerAuthPreParsing (request: EnclaveRequest, reply: EnclaveReply, _payload: unknown, done: Done): void {
    verify(request, reply, done)
  }
}
