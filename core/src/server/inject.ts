import lightMyRequest from 'light-my-request'
import { errorCodes } from '../errors/codes.js'
import type { RouteServer } from '../routing/route-context.js'

/** Once close() has begun, inject() fails as Fastify's does, rather than faking a 503. */
function closedError (server: RouteServer): Error | null {
  return server.closing || server.closed ? new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER() : null
}

/**
 * light-my-request 6 names a response destroyed before completion (the request destroyed, no error
 * given) `LIGHT_ECONNRESET`; light-my-request 5, Fastify 4.29's, reports no error at all: the
 * callback gets `(undefined, null)` and the promise rejects with `undefined`. Translated back so a
 * test written against Fastify 4 (@fastify/static's premature close) observes the same.
 */
function isUnnamedReset (error: any): boolean {
  return error instanceof Error && (error as { code?: string }).code === 'LIGHT_ECONNRESET'
}

function fastify4Outcome (callback: (error: unknown, response: unknown) => void) {
  return function injected (error: unknown, response: unknown): void {
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
export function createInjector (instance: any, server: RouteServer) {
  return function inject (options?: unknown, callback?: unknown): any {
    if (options === undefined) {
      return lightMyRequest(function dispatchWhenReady (req: any, res: any) {
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
      if (closed !== null) {
        callback(closed)
        return undefined
      }
      instance.ready((error: Error | null) => {
        if (error !== null) {
          callback(error)
          return
        }
        lightMyRequest(server.httpHandler, options as any, fastify4Outcome(callback as (error: unknown, response: unknown) => void) as any)
      })
      return undefined
    }
    if (closed !== null) return Promise.reject(closed)
    return instance.ready().then(() => lightMyRequest(server.httpHandler, options as any).catch(fastify4Rejection))
  }
}
