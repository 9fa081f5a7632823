import { errorCodes } from '../errors/codes.js'
import { kContext, kReplyHeaders, kReplyRoute } from '../symbols.js'
import { RouteContext, type RouteServer } from '../routing/route-context.js'
import { compileRoute } from '../routing/compile-route.js'
import { allMethods, routeHooksOf } from '../routing/route.js'
import { runInNotFoundRoute } from '../lifecycle/handle-request.js'
import { defaultSchemaErrorFormatter } from '../schema/error-formatter.js'
import type { Server } from 'node:http'
import { createHttpServer, formatAddress } from '../server/http-server.js'
import { bindOtherLocalhostAddresses } from '../server/localhost-bindings.js'
import type { ListenOptions } from '../server/listen-arguments.js'
import { closeGracefully } from '../server/graceful-close.js'
import { endHttp2Sessions } from '../server/http2-server.js'
import { runApplicationHooks } from '../lifecycle/application-hooks.js'
import type { ContextState } from './context-state.js'
import type { HookEntry } from '../lifecycle/hooks.js'

function defaultNotFoundHandler (request: any, reply: any): void {
  const message = `Route ${request.raw.method}:${request.raw.url} not found`
  if (request.context.server.options.disableRequestLogging !== true) request.log.info(message)
  // Fastify's payload exactly, key order included.
  const body = JSON.stringify({ message, error: 'Not Found', statusCode: 404 })
  reply.code(404)
  reply[kReplyHeaders]['content-type'] = 'application/json; charset=utf-8'
  reply.send(body)
}

function createNotFoundRoute (server: RouteServer, context: ContextState, handler: (...args: any[]) => unknown, options: Record<string, any>): RouteContext {
  // setNotFoundHandler's options may carry hooks (preValidation, preHandler …), as in Fastify.
  const routeHooks = routeHooksOf(options, context.instance)
  return new RouteContext({
    method: '*',
    url: context.prefix === '' ? '/*' : context.prefix + '/*',
    handler,
    instance: context.instance,
    context,
    server,
    options: { ...options, handler },
    isNotFound: true,
    routeHooks,
    formatter: defaultSchemaErrorFormatter
  })
}

/** The root not-found route and `invokeNotFound` (for reply.callNotFound). */
export function installNotFound (server: RouteServer): void {
  server.invokeNotFound = function invokeNotFound (request: any, reply: any): void {
    const path = String(request.raw.url ?? '/').split('?')[0]!
    const found = server.notFoundRouter.find(request.raw.method, path) as any
    const route: RouteContext = found?.store ?? server.rootNotFound!
    if (reply[kReplyRoute].isNotFound === true) {
      // callNotFound inside a not-found handler would loop: answer a plain 404 (as Fastify does).
      reply.log.warn('Trying to send a NotFound error inside a 404 handler. Sending basic 404 response.')
      reply.code(404).send('404 Not Found')
      return
    }
    runInNotFoundRoute(request, reply, route)
  }
}

/** The not-found route of a prefix owner, run in the context that set its handler (its hooks apply). */
function notFoundRouteOf (server: RouteServer, owner: ContextState): RouteContext | null {
  const setter = owner.notFoundSetBy
  if (setter === null || setter.notFoundHandler === null) return null
  return createNotFoundRoute(server, setter, setter.notFoundHandler.handler, setter.notFoundHandler.options)
}

/** Not-found routes, one per prefix whose contexts set a handler: the root's answers what no prefix claims. */
function arrangeNotFoundRoutes (server: RouteServer): RouteContext[] {
  const routes: RouteContext[] = []
  const root = server.root
  server.rootNotFound = notFoundRouteOf(server, root) ?? createNotFoundRoute(server, root, defaultNotFoundHandler, {})
  routes.push(server.rootNotFound)
  const visit = (context: ContextState): void => {
    for (const child of context.children) {
      const route = child.prefix === context.prefix ? null : notFoundRouteOf(server, child)
      if (route !== null) {
        for (const path of [child.prefix, child.prefix + '/*']) {
          for (const method of allMethods) {
            if (!server.notFoundRouter.hasRoute(method as any, path)) server.notFoundRouter.on(method as any, path, () => {}, route)
          }
        }
        routes.push(route)
      }
      visit(child)
    }
  }
  visit(root)
  return routes
}

function compileAll (server: RouteServer): void {
  for (const route of server.routes) compileRoute(route)
  for (const route of arrangeNotFoundRoutes(server)) compileRoute(route)
}

function translateBootError (error: any): Error {
  if (error?.code === 'AVV_ERR_PLUGIN_EXEC_TIMEOUT' || error?.code === 'AVV_ERR_READY_TIMEOUT') {
    // avvio's message quotes the plugin's name, which may itself hold quotes (an anonymous function's source).
    const name = /^Plugin did not start in time: '(.*)'\. You may have/s.exec(String(error.message))?.[1] ?? String(error.fn?.name ?? 'unknown')
    const translated = new errorCodes.FST_ERR_PLUGIN_TIMEOUT(`Plugin did not start in time: '${name}'. You may have forgotten to call 'done' function or to resolve a Promise`)
    ;(translated as any).cause = error
    return translated
  }
  return error
}

/** onReady hooks context by context, the root first, then each child in registration order (Fastify's order). */
function onReadyHooks (context: ContextState, into: HookEntry[]): HookEntry[] {
  for (const hook of context.hooks.onReady) into.push(hook)
  for (const child of context.children) onReadyHooks(child, into)
  return into
}

/** ready(): plugins loaded by avvio, then every route compiled, then onReady hooks. */
export function runReady (server: RouteServer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const rootInstance = server.root.instance
    rootInstance._avvioReady(function afterPlugins (error: unknown, _context: unknown, done: () => void) {
      if (error !== null && error !== undefined) {
        done()
        reject(translateBootError(error))
        return
      }
      try {
        compileAll(server)
      } catch (compileError) {
        done()
        reject(compileError)
        return
      }
      server.booted = true
      if (server.closing) {
        // ready() after close(): resolves, as Fastify's does, without starting what close() stopped.
        done()
        resolve()
        return
      }
      runApplicationHooks(onReadyHooks(server.root, []), [], server.options.pluginTimeout, 'onReady').then(() => {
        done()
        resolve()
      }, (hookError: unknown) => {
        done()
        reject(hookError)
      })
    })
  })
}

/**
 * Registered at preReady, so it is the last onClose added and (avvio runs them last-in first) the
 * first to run: as in Fastify, close() marks the server closing, runs the preClose hooks, then
 * closes the HTTP server, before any other onClose hook.
 */
export function bootInstance (server: RouteServer): void {
  server.avvio.once('preReady', function registerServerClose () {
    server.root.instance._avvioOnClose(function closeHttpServer (_instance: unknown, done: () => void) {
      server.closing = true
      runApplicationHooks(server.preClose, [], server.options.pluginTimeout, 'preClose').then(function afterPreClose () {
        stopServing(server, done)
      }, function afterPreCloseFailed (error: unknown) {
        // As Fastify: the server still closes, the other onClose hooks still run, close() rejects.
        stopServing(server, function closedAfterFailure () { (done as (error?: unknown) => void)(error) })
      })
    })
  })
}

function stopServing (server: RouteServer, done: () => void): void {
  if (server.listening) {
    const servers = [server.httpServer, ...server.secondaryServers]
    let open = servers.length
    for (const httpServer of servers) {
      closeGracefully(httpServer, server.options.forceCloseConnections, function serverClosed () {
        if (--open > 0) return
        server.listening = false
        server.secondaryServers = []
        done()
      })
      endHttp2Sessions(httpServer, server.options)
    }
    return
  }
  if (typeof server.options.serverFactory === 'function') {
    process.nextTick(done)
    return
  }
  // Never listened: close() anyway (Node keeps state for a server that is never closed); its
  // ERR_SERVER_NOT_RUNNING is expected.
  server.httpServer.close(function notRunning () { done() })
}

/** `signal` aborts the server as Fastify's does: close() once it fires (at once if it already has). */
function closeOnAbort (instance: any, signal: unknown): void {
  const target = signal as { aborted?: boolean, addEventListener?: unknown, on?: unknown }
  if (typeof target !== 'object' || target === null || (typeof target.addEventListener !== 'function' && typeof target.on !== 'function')) {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID('Invalid options.signal')
  }
  if (target.aborted === true) {
    instance.close()
    return
  }
  const onAbort = function closeOnSignal (): void { instance.close() }
  if (typeof target.addEventListener === 'function') (signal as AbortSignal).addEventListener('abort', onAbort, { once: true })
  else (signal as any).once('abort', onAbort)
}

function defaultListeningText (address: string): string {
  return `Server listening at ${address}`
}

export async function startListening (server: RouteServer, instance: any, options: ListenOptions): Promise<string> {
  if (server.closed || server.closing) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
  if (server.listening) throw new errorCodes.FST_ERR_REOPENED_SERVER()
  if (options.signal !== undefined && options.signal !== null) closeOnAbort(instance, options.signal)
  await instance.ready()
  if (server.listening) throw new errorCodes.FST_ERR_REOPENED_SERVER()
  if (server.closing) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
  const httpServer = server.httpServer
  // A path (Unix socket) means no host, so the server does not listen on both.
  const host = options.host ?? (options.path === undefined || options.path === null ? 'localhost' : undefined)
  const { listenTextResolver: _resolver, ...nodeOptions } = options
  if (host !== undefined) nodeOptions.host = host
  if (nodeOptions.path === undefined || nodeOptions.path === null) nodeOptions.port = options.port ?? 0
  server.listening = true
  try {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => { reject(error) }
      httpServer.once('error', onError)
      try {
        httpServer.listen(nodeOptions as any, () => {
          httpServer.removeListener('error', onError)
          resolve()
        })
      } catch (error) {
        httpServer.removeListener('error', onError)
        reject(error)
      }
    })
  } catch (error) {
    server.listening = false
    throw error
  }
  const address = formatAddress(httpServer)
  const resolveText = typeof options.listenTextResolver === 'function' ? options.listenTextResolver : defaultListeningText
  server.logger.info(resolveText(address))
  if (host === 'localhost' && typeof server.options.serverFactory !== 'function') {
    const create = (): Server => createHttpServer(server.options, server.httpHandler, server.logger)
    server.secondaryServers = await bindOtherLocalhostAddresses(httpServer, create, nodeOptions as Record<string, unknown>)
    for (const secondary of server.secondaryServers) server.logger.info(resolveText(formatAddress(secondary)))
  }
  runOnListenHooks(server)
  return address
}

/**
 * onListen hooks, as Fastify runs them: started once the server listens but not awaited by
 * listen(), one after another; a failing hook is logged (`log.error(err)`) and the next one runs.
 */
function runOnListenHooks (server: RouteServer): void {
  const hooks = server.onListen
  let index = 0
  function next (error?: unknown): void {
    if (error !== undefined && error !== null) server.logger.error(error)
    if (index === hooks.length) return
    const hook = hooks[index++]!
    try {
      if (hook.callbackStyle) {
        hook.fn.call(hook.instance, next)
        return
      }
      const returned: any = hook.fn.call(hook.instance)
      if (returned !== null && typeof returned === 'object' && typeof returned.then === 'function') returned.then(function hookDone () { next() }, next)
      else next()
    } catch (thrown) {
      next(thrown)
    }
  }
  next()
}

/**
 * close(), as Fastify's: avvio's close, which loads the plugins first when the app never started
 * (so every onClose hook a plugin adds runs), then runs the onClose hooks, the server's first.
 */
export function closeInstance (server: RouteServer): Promise<void> {
  if (server.closePromise !== undefined) return server.closePromise
  server.closePromise = (server.root.instance._avvioClose() as Promise<void>).then(function closed () {
    server.closing = true
    server.closed = true
  }, function closeFailed (error: unknown) {
    server.closing = true
    server.closed = true
    throw error
  })
  return server.closePromise
}

export function contextOf (instance: any): ContextState {
  return instance[kContext]
}
