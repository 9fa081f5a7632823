import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import { kContext } from '../symbols.js'
import { addRoute, addShortcutRoute, allMethods } from '../routing/route.js'
import { answerNotFound } from '../routing/router.js'
import { addDecorator, hasDecorator, getDecorator } from './decorate.js'
import { createHookEntry, assertHookStyle, type RequestHookName } from '../lifecycle/hooks.js'
import { runReady, startListening, closeInstance } from './boot.js'
import { normaliseListenArguments } from '../server/listen-arguments.js'
import { createInjector } from '../server/inject.js'
import { printContexts } from './print-contexts.js'
import { assertFunction, defaultChildLoggerFactory, withRequestIdHeader } from '../logging/request-logger.js'
import { fastifyCompatVersion, registerPlugin } from './override.js'
import { createJsonParser, defaultTextParser } from '../request/default-parsers.js'
import { isAsyncStrategy } from '../routing/router.js'
import { defaultErrorHandler } from '../reply/error-handler.js'
import { createControllerState, createSchemaView } from '../schema/schema-controller.js'
import type { ContextState } from './context-state.js'
import type { RouteServer } from '../routing/route-context.js'

function contextOf (instance: any): ContextState {
  return instance[kContext]
}

function serverOf (instance: any): RouteServer {
  return contextOf(instance).server as RouteServer
}

function assertNotStarted (instance: any, what: string): void {
  if (serverOf(instance).booted) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING(`Cannot call "${what}"!`)
}

/** Fastify's own error for the content-type parser methods after start. */
function assertParsersOpen (instance: any, what: string): void {
  if (serverOf(instance).booted) throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED(what)
}

/**
 * Calls a user callback (ready, listen, close) at once, in Fastify's order, but rethrows what it
 * throws on a fresh tick: outside the promise chain, it is an ordinary uncaught exception rather
 * than an unhandled rejection.
 */
function callUserCallback (callback: (...args: any[]) => unknown, ...args: unknown[]): void {
  try {
    callback(...args)
  } catch (error) {
    process.nextTick(function rethrowFromUserCallback () { throw error })
  }
}

function shortcut (method: string | string[]) {
  return function routeShortcut (this: any, path: unknown, optionsOrHandler?: unknown, handler?: unknown) {
    addShortcutRoute(this, method, path, optionsOrHandler, handler)
    return this
  }
}

/**
 * The methods of every instance. The root instance is `Object.create(instanceMethods)` and each
 * child context `Object.create(parent)`; all state is read through `this[kContext]`.
 */
export const instanceMethods: Record<string | symbol, any> = {
  register (this: any, plugin: unknown, options?: unknown) {
    registerPlugin(this, plugin, options)
    return this
  },

  // routes
  route (this: any, options: unknown) {
    addRoute(this, options)
    return this
  },
  get: shortcut('GET'),
  head: shortcut('HEAD'),
  post: shortcut('POST'),
  put: shortcut('PUT'),
  delete: shortcut('DELETE'),
  options: shortcut('OPTIONS'),
  patch: shortcut('PATCH'),
  all: shortcut(allMethods),
  hasRoute (this: any, options: { method: string | string[], url: string, constraints?: Record<string, unknown> }): boolean {
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    return methods.every((method) => serverOf(this).router.hasRoute(String(method).toUpperCase() as any, options.url, options.constraints ?? {}))
  },
  findRoute (this: any, options: { method: string, url: string, constraints?: Record<string, unknown> }) {
    const found = serverOf(this).router.findRoute(options.method.toUpperCase() as any, options.url, options.constraints ?? {}) as any
    if (found === null) return null
    const route = found.store
    // Before ready() the public view is not compiled yet: give the declared basics either way.
    return { ...route.publicOptions, method: route.method, url: route.url, config: route.config, schema: route.schema, handler: route.handler, params: found.params, searchParams: found.searchParams }
  },
  printRoutes (this: any, options?: Record<string, unknown>): string {
    return serverOf(this).router.prettyPrint(options as any)
  },
  printPlugins (this: any): string {
    return serverOf(this).avvio.prettyPrint()
  },
  printContexts (this: any): string {
    return printContexts(serverOf(this).root)
  },

  // hooks
  addHook (this: any, name: unknown, fn: unknown) {
    const context = contextOf(this)
    if (name === 'onClose') {
      createHookEntry(name, fn, this)
      this._avvioOnClose(fn)
      return this
    }
    if (name === 'onReady' || name === 'onListen' || name === 'preClose' || name === 'onRoute') {
      // These application hooks take effect at once, as in Fastify.
      const entry = createHookEntry(name, fn, this)
      if (name === 'onReady') context.hooks.onReady.push(entry)
      else if (name === 'onRoute') {
        assertNotStarted(this, 'addHook')
        context.hooks.onRoute.push(entry)
      } else (context.server as any)[name].push(entry)
      return this
    }
    assertHookStyle(name, fn)
    assertNotStarted(this, 'addHook')
    // Request hooks and onRegister are added in avvio's order (after the plugins registered before
    // this call have loaded), as Fastify does; a bad name or handler then rejects register()/ready().
    const instance = this
    this.after(function addQueuedHook (error: unknown, done: (error?: unknown) => void) {
      let entry
      try {
        entry = createHookEntry(name, fn, instance)
      } catch (invalid) {
        done(invalid)
        return
      }
      context.hooks[name as RequestHookName | 'onRegister'].push(entry)
      done(error)
    })
    return this
  },
  onClose (this: any, fn: unknown) {
    if (typeof fn !== 'function') throw new errorCodes.FST_ERR_HOOK_INVALID_HANDLER('onClose', typeof fn)
    this._avvioOnClose(fn)
    return this
  },

  // decorators
  decorate (this: any, name: string, value: unknown, dependencies?: string[]) {
    addDecorator(this, 'instance', name, value, dependencies)
    return this
  },
  decorateRequest (this: any, name: string, value: unknown, dependencies?: string[]) {
    addDecorator(this, 'request', name, value, dependencies)
    return this
  },
  decorateReply (this: any, name: string, value: unknown, dependencies?: string[]) {
    addDecorator(this, 'reply', name, value, dependencies)
    return this
  },
  hasDecorator (this: any, name: string) { return hasDecorator(this, 'instance', name) },
  hasRequestDecorator (this: any, name: string) { return hasDecorator(this, 'request', name) },
  hasReplyDecorator (this: any, name: string) { return hasDecorator(this, 'reply', name) },
  getDecorator (this: any, name: string) { return getDecorator(this, name) },
  hasPlugin (this: any, name: string) { return contextOf(this).hasPlugin(name) },

  // schemas and compilers
  addSchema (this: any, schema: unknown) {
    assertNotStarted(this, 'addSchema')
    contextOf(this).schemas.add(schema)
    return this
  },
  getSchema (this: any, id: string) { return contextOf(this).schemas.get(id) },
  getSchemas (this: any) { return contextOf(this).schemas.all() },
  setValidatorCompiler (this: any, compiler: unknown) {
    if (typeof compiler !== 'function') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('setValidatorCompiler expects a function ({ schema, method, url, httpPart }) => validate')
    assertNotStarted(this, 'setValidatorCompiler')
    contextOf(this).validatorCompiler = compiler as any
    return this
  },
  setSerializerCompiler (this: any, compiler: unknown) {
    if (typeof compiler !== 'function') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('setSerializerCompiler expects a function ({ schema, method, url, httpStatus, contentType }) => serialize')
    assertNotStarted(this, 'setSerializerCompiler')
    contextOf(this).serializerCompiler = compiler as any
    return this
  },
  setSchemaErrorFormatter (this: any, formatter: unknown) {
    if (typeof formatter !== 'function' || (formatter as any).constructor?.name === 'AsyncFunction') {
      throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN(typeof formatter === 'function' ? 'async function' : typeof formatter)
    }
    assertNotStarted(this, 'setSchemaErrorFormatter')
    contextOf(this).schemaErrorFormatter = formatter as any
    return this
  },
  setReplySerializer (this: any, serializer: unknown) {
    assertNotStarted(this, 'setReplySerializer')
    if (typeof serializer !== 'function') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('setReplySerializer expects a function (payload, statusCode) => string')
    contextOf(this).replySerializer = serializer as any
    return this
  },
  setSchemaController (this: any, controller: unknown) {
    assertNotStarted(this, 'setSchemaController')
    const context = contextOf(this)
    context.schemaController = createControllerState(controller)
    // A new bucket takes over what this context sees so far, as Fastify builds it from the parent's.
    if (context.schemaController.bucket !== null) context.schemas = createSchemaView(context.schemaController.bucket, context.schemas)
    return this
  },
  // As in Fastify: the nearest compiler set or built (at ready(), for a context's routes), here or above; else undefined.
  get validatorCompiler () { return contextOf(this).compilerInEffect('validatorCompiler', 'builtValidatorCompiler') },
  get serializerCompiler () { return contextOf(this).compilerInEffect('serializerCompiler', 'builtSerializerCompiler') },

  // request ids and request loggers (encapsulated, as in Fastify)
  setGenReqId (this: any, generator: unknown) {
    assertNotStarted(this, 'setGenReqId')
    assertFunction(generator, 'setGenReqId')
    contextOf(this).genReqId = generator as any
    return this
  },
  get genReqId () {
    const own = contextOf(this).inherited('genReqId')
    return own === null ? serverOf(this).genReqId : withRequestIdHeader(serverOf(this).options.requestIdHeader, own)
  },
  setChildLoggerFactory (this: any, factory: unknown) {
    assertNotStarted(this, 'setChildLoggerFactory')
    assertFunction(factory, 'setChildLoggerFactory')
    contextOf(this).childLoggerFactory = factory as any
    return this
  },
  get childLoggerFactory () {
    return contextOf(this).inherited('childLoggerFactory') ?? serverOf(this).options.childLoggerFactory ?? defaultChildLoggerFactory
  },

  // errors and not found
  setErrorHandler (this: any, handler: unknown) {
    if (typeof handler !== 'function') throw new errorCodes.FST_ERR_ERROR_HANDLER_NOT_FN()
    assertNotStarted(this, 'setErrorHandler')
    const context = contextOf(this)
    context.errorHandler = handler as any
    context.errorHandlers.unshift({ fn: handler as any, instance: this })
    return this
  },
  /** The handler in effect here; the default one when none was set, so a plugin can always delegate to it (as in Fastify). */
  get errorHandler () { return contextOf(this).errorHandlers[0]?.fn ?? defaultErrorHandler },
  /** Fastify's (deprecated there) raw `(req, res)` handler for requests no route matches: the not-found routing unless replaced. */
  getDefaultRoute (this: any) {
    warnings.FSTDEP014()
    const server = serverOf(this)
    return server.defaultRoute ?? function notFoundRouting (req: any, res: any) { answerNotFound(server, req, res, null) }
  },
  setDefaultRoute (this: any, handler: unknown) {
    warnings.FSTDEP014()
    if (typeof handler !== 'function') throw new errorCodes.FST_ERR_DEFAULT_ROUTE_INVALID_TYPE()
    serverOf(this).defaultRoute = handler as (req: any, res: any) => void
    return this
  },
  setNotFoundHandler (this: any, optionsOrHandler: unknown, maybeHandler?: unknown) {
    const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler
    const options = typeof optionsOrHandler === 'function' ? {} : (optionsOrHandler ?? {}) as Record<string, unknown>
    if (typeof handler !== 'function') throw new errorCodes.FST_ERR_ERROR_HANDLER_NOT_FN()
    assertNotStarted(this, 'setNotFoundHandler')
    const context = contextOf(this)
    // One handler per URL prefix: contexts without a prefix of their own share their parent's.
    const owner = context.prefixOwner()
    if (owner.notFoundSetBy !== null) throw new errorCodes.FST_ERR_NOT_FOUND_HANDLER_ALREADY_SET(context.prefix || '/')
    owner.notFoundSetBy = context
    context.notFoundHandler = { handler: handler as any, options }
    return this
  },

  // routing constraints: one router per server, so a strategy added anywhere applies everywhere (as in Fastify)
  addConstraintStrategy (this: any, strategy: any) {
    const server: any = serverOf(this)
    if (server.booted || server.started) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot add constraint strategy!')
    server.router.addConstraintStrategy(strategy)
    if (isAsyncStrategy(strategy)) server.asyncConstraints = true
    return this
  },
  hasConstraintStrategy (this: any, name: string): boolean {
    return serverOf(this).router.hasConstraintStrategy(name)
  },

  // content-type parsers
  addContentTypeParser (this: any, types: unknown, optionsOrParser: unknown, maybeParser?: unknown) {
    assertParsersOpen(this, 'addContentTypeParser')
    const parser = typeof optionsOrParser === 'function' ? optionsOrParser : maybeParser
    const options = typeof optionsOrParser === 'function' ? {} : (optionsOrParser ?? {}) as Record<string, unknown>
    contextOf(this).parsers.add(types, options, parser, this)
    contextOf(this).noteParsers(types)
    return this
  },
  hasContentTypeParser (this: any, type: unknown) { return contextOf(this).parsers.has(type) },
  removeContentTypeParser (this: any, types: unknown) {
    assertParsersOpen(this, 'removeContentTypeParser')
    contextOf(this).parsers.remove(types)
    return this
  },
  removeAllContentTypeParsers (this: any) {
    assertParsersOpen(this, 'removeAllContentTypeParsers')
    contextOf(this).parsers.removeAll()
    return this
  },
  getDefaultJsonParser (this: any, onProtoPoisoning: 'error' | 'remove' | 'ignore', onConstructorPoisoning: 'error' | 'remove' | 'ignore') {
    return createJsonParser(onProtoPoisoning, onConstructorPoisoning, serverOf(this).options)
  },
  defaultTextParser,

  // lifecycle
  ready (this: any, callback?: (error: Error | null) => void) {
    const server = serverOf(this)
    if (server.readyPromise === null) server.readyPromise = runReady(server)
    if (typeof callback === 'function') {
      server.readyPromise.then(() => { callUserCallback(callback, null) }, (error: Error) => { callUserCallback(callback, error) })
      return undefined
    }
    return server.readyPromise.then(() => this)
  },
  listen (this: any, ...args: unknown[]) {
    const { options, callback } = normaliseListenArguments(args)
    const promise = startListening(serverOf(this), this, options)
    if (callback !== undefined) {
      promise.then((address) => { callUserCallback(callback, null, address) }, (error: Error) => { callUserCallback(callback, error, null) })
      return undefined
    }
    return promise
  },
  close (this: any, callback?: (error?: Error) => void) {
    const promise = closeInstance(serverOf(this))
    if (typeof callback === 'function') {
      promise.then(() => { callUserCallback(callback) }, (error: Error) => { callUserCallback(callback, error) })
      return this
    }
    return promise
  },
  [Symbol.asyncDispose] (this: any) { return this.close() },
  inject (this: any, options?: unknown, callback?: unknown) {
    return createInjector(this, serverOf(this))(options, callback)
  },
  addresses (this: any) {
    // As Fastify: the servers bound to localhost's other addresses first, then the main one.
    const server = serverOf(this)
    const found: unknown[] = []
    for (const secondary of server.secondaryServers) {
      const address = secondary.address()
      if (address !== null) found.push(address)
    }
    const address = server.httpServer.address()
    if (address !== null) found.push(address)
    return found
  },
  routing (this: any, req: any, res: any) { serverOf(this).httpHandler(req, res) },
  withTypeProvider (this: any) { return this },

  // read-only views
  get server () { return serverOf(this).httpServer },
  get log () { return contextOf(this).logger },
  get prefix () { return contextOf(this).prefix },
  get pluginName () { return contextOf(this).pluginNames.join(' -> ') },
  get version () { return fastifyCompatVersion },
  get listeningOrigin () {
    const address = serverOf(this).httpServer.address()
    if (address === null || typeof address === 'string') return address
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  }
}
