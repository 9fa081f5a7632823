/**
 * inject(): light-my-request against the server's handler once ready, with Fastify's outcome once closed.
 * The v5 face injects with light-my-request 6 (Fastify 5.12's: the QUERY method, a stream body's
 * content-length); enclave() and the v4 face with light-my-request 5 (Fastify 4.29's).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type * as lightMyRequest from 'light-my-request'
import { errorCodes } from '../errors/codes.js'
import type { RuntimeInstance } from '../instance/context-state.js'
import type { ServerState } from '../instance/server-state.js'

/** What inject() is given: light-my-request's options (or a URL), checked by light-my-request itself. */
type InjectOptions = string | lightMyRequest.InjectOptions
type InjectCallback = (error: unknown, response?: unknown) => void

// The module's own `inject` member: the function `export =` gives, read without esModuleInterop in the declarations.
type LightMyRequest = typeof lightMyRequest.inject
let loaded5: LightMyRequest | null = null
let loaded6: LightMyRequest | null = null

/**
 * light-my-request builds on node:http's request and response classes: it is loaded by the first
 * inject(), so an app served through `app.fetch()` in a runtime without node:http still loads.
 * Both majors share one call signature; 6 is installed under the alias `light-my-request6`.
 */
function lightMyRequestModule (api: 4 | 5): LightMyRequest {
  if (api === 5) {
    if (loaded6 === null) loaded6 = createRequire(import.meta.url)('light-my-request6') as LightMyRequest
    return loaded6
  }
  if (loaded5 === null) loaded5 = createRequire(import.meta.url)('light-my-request') as LightMyRequest
  return loaded5
}

/** Once close() has begun, inject() fails as Fastify's does, rather than faking a 503. */
function closedError (server: ServerState): Error | null {
  return server.closing || server.closed ? new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER() : null
}

/**
 * inject(): light-my-request against the server's request handler, once the instance is ready.
 * With no options it returns light-my-request's chain (`app.inject().get('/').end()`).
 */
export function createInjector (instance: RuntimeInstance, server: ServerState) {
  return function inject (options?: unknown, callback?: unknown): lightMyRequest.Chain | Promise<lightMyRequest.Response> | undefined {
    const injectInto = lightMyRequestModule(server.profile.api)
    const dispatchWhenReady = function dispatchWhenReady (req: IncomingMessage, res: ServerResponse): void {
      const closed = closedError(server)
      if (closed !== null) {
        res.emit('error', closed)
        return
      }
      instance.ready().then(() => server.httpHandler(req, res), (error: Error) => {
        // light-my-request rejects with an error its response emits.
        res.emit('error', error)
      })
    }
    if (options === undefined) {
      if (server.configLocked && closedError(server) === null) return injectInto(server.httpHandler)
      return injectInto(dispatchWhenReady)
    }
    const closed = closedError(server)
    if (typeof callback === 'function') {
      const done = callback as InjectCallback
      if (closed !== null) {
        done(closed)
        return undefined
      }
      if (server.configLocked) {
        // Already started (a failed start included): injected at once, as in Fastify, so options
        // light-my-request refuses (an unknown method) throw to the caller.
        injectInto(server.httpHandler, options as InjectOptions, done)
        return undefined
      }
      instance.ready((error: Error | null) => {
        if (error !== null) {
          done(error)
          return
        }
        injectInto(server.httpHandler, options as InjectOptions, done)
      })
      return undefined
    }
    if (closed !== null) return Promise.reject(closed)
    // Started, a failed start included (ready() keeps its error): served at once, as in Fastify;
    // otherwise light-my-request's request waits for ready() (so its options are checked first).
    return injectInto(server.configLocked ? server.httpHandler : dispatchWhenReady, options as InjectOptions)
  }
}
