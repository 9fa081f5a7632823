/** inject(): light-my-request against the server's handler once ready, with Fastify 4's outcomes when closed or reset. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import lightMyRequest from 'light-my-request'
import { errorCodes } from '../errors/codes.js'
import type { RuntimeInstance } from '../instance/context-state.js'
import type { ServerState } from '../instance/server-state.js'

/** What inject() is given: light-my-request's options (or a URL), checked by light-my-request itself. */
type InjectOptions = string | lightMyRequest.InjectOptions
type InjectCallback = (error: unknown, response?: unknown) => void

/** Once close() has begun, inject() fails as Fastify's does, rather than faking a 503. */
function closedError (server: ServerState): Error | null {
  return server.closing || server.closed ? new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER() : null
}

/**
 * light-my-request 6 names a response destroyed before completion (the request destroyed, no error
 * given) `LIGHT_ECONNRESET`; light-my-request 5, Fastify 4.29's, reports no error at all: the
 * callback gets `(undefined, null)` and the promise rejects with `undefined`. Translated back so a
 * test written against Fastify 4 (@fastify/static's premature close) observes the same.
 */
function isUnnamedReset (error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === 'LIGHT_ECONNRESET'
}

function fastify4Outcome (callback: InjectCallback): lightMyRequest.CallbackFunc {
  return function injected (error, response): void {
    callback(isUnnamedReset(error) ? undefined : error, response)
  }
}

function fastify4Rejection (error: unknown): never {
  throw (isUnnamedReset(error) ? undefined : error)
}

/**
 * inject(): light-my-request against the server's request handler, once the instance is ready.
 * With no options it returns light-my-request's chain (`app.inject().get('/').end()`).
 */
export function createInjector (instance: RuntimeInstance, server: ServerState) {
  return function inject (options?: unknown, callback?: unknown): lightMyRequest.Chain | Promise<lightMyRequest.Response> | undefined {
    if (options === undefined) {
      return lightMyRequest(function dispatchWhenReady (req: IncomingMessage, res: ServerResponse) {
        const closed = closedError(server)
        if (closed !== null) {
          res.emit('error', closed)
          return
        }
        instance.ready().then(() => server.httpHandler(req, res), (error: Error) => {
          // light-my-request rejects the chain's end() with an error its response emits.
          res.emit('error', error)
        })
      })
    }
    const closed = closedError(server)
    if (typeof callback === 'function') {
      const done = callback as InjectCallback
      if (closed !== null) {
        done(closed)
        return undefined
      }
      instance.ready((error: Error | null) => {
        if (error !== null) {
          done(error)
          return
        }
        lightMyRequest(server.httpHandler, options as InjectOptions, fastify4Outcome(done))
      })
      return undefined
    }
    if (closed !== null) return Promise.reject(closed)
    return instance.ready().then(() => lightMyRequest(server.httpHandler, options as InjectOptions).catch(fastify4Rejection))
  }
}
