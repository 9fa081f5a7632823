import { errorCodes } from '../errors/codes.js'
import { kContext, kReplyHeaders, kReplyRoute } from '../symbols.js'
import { RouteContext, type RouteServer } from '../routing/route-context.js'
import { compileRoute } from '../routing/compile-route.js'
import { allMethods, routeHooksOf } from '../routing/route.js'
import { runInNotFoundRoute } from '../lifecycle/handle-request.js'
import { defaultSchemaErrorFormatter } from '../schema/error-formatter.js'
import { formatAddress, type ListenOptions } from '../server/http-server.js'
import { endHttp2Sessions } from '../server/http2-server.js'
import { runApplicationHooks } from '../lifecycle/application-hooks.js'
import type { ContextState } from './context-state.js'
import type { HookEntry } from '../lifecycle/hooks.js'

function defaultNotFoundHandler (request: any, reply: any): void {
  const message = `Route ${request.raw.method}:${request.raw.url} not found`
  request.log.info(message)
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
    const translated = new errorCodes.FST_ERR_PLUGIN_TIMEOUT(name)
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

/** Registered at preReady, so it is the last onClose added and (avvio runs them last-in first) the first to run. */
export function bootInstance (server: RouteServer): void {
  server.avvio.once('preReady', function registerServerClose () {
    server.root.instance._avvioOnClose(function closeHttpServer (_instance: unknown, done: () => void) {
      server.closing = true
      if (!server.listening) {
        done()
        return
      }
      const httpServer = server.httpServer as any
      const force = server.options.forceCloseConnections
      // A keep-alive connection busy when close() began becomes idle once its response is out;
      // closing it then (rather than at the client's keep-alive timeout) lets close() finish,
      // while requests already pipelined on it are still answered.
      const sweep = force === 'idle' && typeof httpServer.closeIdleConnections === 'function'
        ? setInterval(function closeNewlyIdleConnections () { httpServer.closeIdleConnections() }, 25)
        : null
      httpServer.close(function serverClosed () {
        if (sweep !== null) clearInterval(sweep)
        server.listening = false
        done()
      })
      if (force === true) httpServer.closeAllConnections?.()
      else if (force === 'idle') httpServer.closeIdleConnections?.()
      endHttp2Sessions(httpServer, server.options)
    })
  })
}

export async function startListening (server: RouteServer, instance: any, options: ListenOptions): Promise<string> {
  if (server.closed || server.closing) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
  if (server.listening) throw new errorCodes.FST_ERR_REOPENED_SERVER()
  if (options.port !== undefined && !(Number.isInteger(Number(options.port)) && Number(options.port) >= 0 && Number(options.port) < 65536)) {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID(`port must be an integer between 0 and 65535, got ${String(options.port)}`)
  }
  await instance.ready()
  const httpServer = server.httpServer
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => { reject(error) }
    httpServer.once('error', onError)
    const listenOptions = options.path !== undefined
      ? { path: options.path, backlog: options.backlog, exclusive: options.exclusive }
      : { port: Number(options.port ?? 0), host: options.host ?? 'localhost', backlog: options.backlog, exclusive: options.exclusive, ipv6Only: options.ipv6Only, signal: options.signal }
    httpServer.listen(listenOptions, () => {
      httpServer.removeListener('error', onError)
      resolve()
    })
  })
  server.listening = true
  const address = formatAddress(httpServer)
  server.logger.info(`Server listening at ${address}`)
  try {
    await runApplicationHooks(server.onListen, [], server.options.pluginTimeout, 'onListen')
  } catch (error) {
    server.logger.error({ err: error }, 'onListen hook failed')
  }
  return address
}

export async function closeInstance (server: RouteServer): Promise<void> {
  if (server.closed) return
  if (server.closing) {
    await server.closePromise
    return
  }
  server.closing = true
  server.closePromise = (async () => {
    try {
      await runApplicationHooks(server.preClose, [], server.options.pluginTimeout, 'preClose')
    } catch (error) {
      server.logger.error({ err: error }, 'preClose hook failed')
    }
    // avvio's own flag: `server.started` follows its 'start' event, which comes a tick after ready() resolves.
    if (!server.started && server.avvio.started !== true) {
      // Nothing booted: close the socket (if any) without starting the plugin tree.
      if (server.listening) await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
    } else {
      await server.root.instance._avvioClose()
    }
    server.closed = true
  })()
  await server.closePromise
}

export function contextOf (instance: any): ContextState {
  return instance[kContext]
}
