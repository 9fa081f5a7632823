import lightMyRequest from 'light-my-request'
import type { RouteServer } from '../routing/route-context.js'

/**
 * inject(): light-my-request against the server's request handler, once the instance is ready.
 * With no options it returns light-my-request's chain (`app.inject().get('/').end()`).
 */
export function createInjector (instance: any, server: RouteServer) {
  return function inject (options?: unknown, callback?: unknown): any {
    if (options === undefined) {
      return lightMyRequest(function dispatchWhenReady (req: any, res: any) {
        instance.ready().then(() => server.httpHandler(req, res), (error: Error) => {
          res.statusCode = 500
          res.end(String(error.message))
        })
      })
    }
    if (typeof callback === 'function') {
      instance.ready((error: Error | null) => {
        if (error !== null) {
          callback(error)
          return
        }
        lightMyRequest(server.httpHandler, options as any, callback as any)
      })
      return undefined
    }
    return instance.ready().then(() => lightMyRequest(server.httpHandler, options as any))
  }
}
