/** What answers errors and unmatched requests: setErrorHandler, errorHandler, setNotFoundHandler, and Fastify's raw default route. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { answerNotFound } from '../routing/router.js'
import { setNotFoundHandler } from '../routing/not-found.js'
import { defaultErrorHandler } from '../reply/error-handler.js'
import { assertNotStarted } from './configuration-guard.js'
import { contextOf, serverOf } from './context-state.js'
import type { RawHandler, ServerState } from './server-state.js'
import type { AnyFunction } from '../types/internal.js'
import type { MethodGroup } from './method-table.js'

/** What `instance.errorHandler` returns for a handler set with setErrorHandler: bound to its instance, as in Fastify 4.29. */
const boundErrorHandlers = new WeakMap<object, AnyFunction>()

/**
 * A second setErrorHandler in one context: Fastify 5's `allowErrorHandlerOverride: false` refuses it
 * (enclave() honours the option too); at its default the v5 face replaces the handler and warns
 * FSTWRN004. Fastify 4.29 replaces it silently, as enclave() does by default and the v4 face always.
 */
function overridingErrorHandler (server: ServerState): void {
  if (server.profile.name === 'fastify') return
  if (!(server.options.allowErrorHandlerOverride ?? true)) throw new errorCodes.FST_ERR_ERROR_HANDLER_ALREADY_SET()
  if (server.profile.api === 5) warnings.FSTWRN004()
}

export const handlerMethods = {
  setErrorHandler (handler: unknown) {
    if (typeof handler !== 'function') throw new errorCodes.FST_ERR_ERROR_HANDLER_NOT_FN()
    const context = contextOf(this)
    assertNotStarted(context, 'setErrorHandler')
    if (context.errorHandler !== null) overridingErrorHandler(context.server)
    context.errorHandler = handler as AnyFunction
    const entry = { fn: handler as AnyFunction, instance: this }
    boundErrorHandlers.set(entry, (handler as AnyFunction).bind(this))
    context.errorHandlers.unshift(entry)
    return this
  },
  /**
   * The handler in effect here (this context's, else its nearest ancestor's as it is now, as Fastify
   * reads it through the instance's prototype); the default one when none was set, so a plugin can
   * always delegate to it (as in Fastify).
   */
  get errorHandler () {
    const entry = contextOf(this).errorHandlersNow()[0]
    return entry === undefined ? defaultErrorHandler : boundErrorHandlers.get(entry) ?? entry.fn
  },
  setNotFoundHandler (optionsOrHandler: unknown, maybeHandler?: unknown) {
    setNotFoundHandler(contextOf(this), optionsOrHandler, maybeHandler)
    return this
  },
  /** Fastify's (deprecated there) raw `(req, res)` handler for requests no route matches: the not-found routing unless replaced. */
  getDefaultRoute (): RawHandler {
    warnings.FSTDEP014()
    const server = serverOf(this)
    return server.defaultRoute ?? function notFoundRouting (req: IncomingMessage, res: ServerResponse) { answerNotFound(server, req, res) }
  },
  setDefaultRoute (handler: unknown) {
    warnings.FSTDEP014()
    if (typeof handler !== 'function') throw new errorCodes.FST_ERR_DEFAULT_ROUTE_INVALID_TYPE()
    serverOf(this).defaultRoute = handler as RawHandler
    return this
  }
} satisfies MethodGroup
