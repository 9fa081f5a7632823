import lightMyRequest from 'light-my-request'
import { errorCodes } from '../errors/codes.js'
import type { RouteServer } from '../routing/route-context.js'

/** Once close() has begun, inject() fails as Fastify's does, rather than faking a 503. */
function closedError (server: RouteServer): Error | null {
  return server.closing || server.closed ? new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER() : null
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
        lightMyRequest(server.httpHandler, options as any, callback as any)
      })
      return undefined
    }
    if (closed !== null) return Promise.reject(closed)
    return instance.ready().then(() => lightMyRequest(server.httpHandler, options as any))
  }
}
