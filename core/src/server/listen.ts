/** listen(): ready first, then the HTTP server bound (and localhost's other addresses), then the onListen hooks. */
import type { ListenOptions as NetListenOptions } from 'node:net'
import type { Server } from 'node:http'
import { networkInterfaces } from 'node:os'
import { errorCodes } from '../errors/codes.js'
import { isThenable } from '../util/functions.js'
import { createHttpServer, formatAddress, httpServerOf } from './http-server.js'
import { bindOtherLocalhostAddresses } from './localhost-bindings.js'
import type { ListenOptions } from './listen-arguments.js'
import type { ContextState, RuntimeInstance } from '../instance/context-state.js'
import type { ServerState } from '../instance/server-state.js'

/** An AbortSignal, or an emitter with Node's `once('abort')`. */
interface AbortSource {
  aborted?: boolean
  addEventListener?: (type: 'abort', listener: () => void, options: { once: boolean }) => void
  on?: unknown
  once?: (type: 'abort', listener: () => void) => void
}

/** listen()'s `signal`, checked when listen() is called: Fastify throws there, before any promise. */
export function checkListenSignal (signal: unknown): void {
  if (signal === undefined || signal === null) return
  const target = signal as AbortSource
  if (typeof target !== 'object' || (typeof target.addEventListener !== 'function' && typeof target.on !== 'function')) {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID('Invalid options.signal')
  }
}

/**
 * `signal` aborts the server as Fastify's does: close() once it fires (at once if it already has).
 * Returns whether it already had: as in Fastify, that listen() then never settles.
 */
function closeOnAbort (instance: RuntimeInstance, signal: unknown): boolean {
  const target = signal as AbortSource
  if (target.aborted === true) {
    void instance.close()
    return true
  }
  const onAbort = function closeOnSignal (): void { void instance.close() }
  if (typeof target.addEventListener === 'function') target.addEventListener('abort', onAbort, { once: true })
  else target.once!('abort', onAbort)
  return false
}

function leavePending (): void {}

function defaultListeningText (address: string): string {
  return `Server listening at ${address}`
}

/**
 * Fastify 5 spells a server bound to every IPv4 interface by each interface's address (one log line
 * each) and answers listen() with the first; the wildcard itself when the host has none to name.
 */
function everyIPv4Address (httpServer: Server): string[] {
  const wildcard = formatAddress(httpServer)
  const bound = httpServer.address()
  if (bound === null || typeof bound === 'string') return [wildcard]
  const addresses: string[] = []
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family === 'IPv4') addresses.push(wildcard.replace('0.0.0.0', entry.address))
    }
  }
  return addresses.length > 0 ? addresses : [wildcard]
}

/**
 * Waits for the server's 'listening' event, subscribed before listen() is called rather than handed
 * to it as a callback: a server from `serverFactory` may replace listen() (a server kept listening
 * across app restarts answers with the event alone, synchronously), and Fastify listens to the event.
 */
function bind (httpServer: Server, options: NetListenOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onListening = (): void => {
      httpServer.removeListener('error', onError)
      resolve()
    }
    const onError = (error: Error): void => {
      httpServer.removeListener('listening', onListening)
      reject(error)
    }
    httpServer.once('error', onError)
    httpServer.once('listening', onListening)
    try {
      httpServer.listen(options)
    } catch (error) {
      onError(error as Error)
    }
  })
}

/** Errors of ready() that ended a listen(): Fastify hands them to listen()'s callback with an undefined address, not null. */
const readyFailures = new WeakSet<object>()

export function isReadyFailure (error: unknown): boolean {
  return typeof error === 'object' && error !== null && readyFailures.has(error)
}

export async function startListening (server: ServerState, instance: RuntimeInstance, options: ListenOptions): Promise<string> {
  if (server.closed || server.closing) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
  if (server.listening) throw new errorCodes.FST_ERR_REOPENED_SERVER()
  if (options.signal !== undefined && options.signal !== null && closeOnAbort(instance, options.signal)) return await new Promise<string>(leavePending)
  try {
    await instance.ready()
  } catch (error) {
    if (typeof error === 'object' && error !== null) readyFailures.add(error)
    throw error
  }
  if (server.listening) {
    // Called again while the first call binds (both waited for ready()): the same address, as in Fastify.
    if (server.listenInProgress !== null) return await server.listenInProgress
    throw new errorCodes.FST_ERR_REOPENED_SERVER()
  }
  if (server.closing) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
  const httpServer = httpServerOf(server)
  server.listening = true
  const binding = bindAndAnnounce(server, httpServer, options)
  server.listenInProgress = binding
  try {
    return await binding
  } finally {
    server.listenInProgress = null
  }
}

async function bindAndAnnounce (server: ServerState, httpServer: Server, options: ListenOptions): Promise<string> {
  // A path (Unix socket) means no host, so the server does not listen on both.
  const host = options.host ?? (options.path === undefined || options.path === null ? 'localhost' : undefined)
  const { listenTextResolver: _resolver, ...rest } = options
  // Node reads a port given as a string itself, as Fastify lets it.
  const nodeOptions = rest as NetListenOptions
  if (host !== undefined) nodeOptions.host = host
  if (nodeOptions.path === undefined || nodeOptions.path === null) nodeOptions.port = (options.port ?? 0) as number
  try {
    await bind(httpServer, nodeOptions)
  } catch (error) {
    server.listening = false
    throw error
  }
  const resolveText = typeof options.listenTextResolver === 'function' ? options.listenTextResolver : defaultListeningText
  const addresses = server.profile.api === 5 && host === '0.0.0.0' ? everyIPv4Address(httpServer) : undefined
  const address = addresses === undefined ? formatAddress(httpServer) : addresses[0]!
  if (addresses === undefined) server.logger.info(resolveText(address))
  else for (const each of addresses) server.logger.info(resolveText(each))
  if (host === 'localhost' && typeof server.options.serverFactory !== 'function') {
    const create = (): Server => createHttpServer(server.options, server.httpHandler, server.logger, server.root.instance)
    server.secondaryServers = await bindOtherLocalhostAddresses(httpServer, create, nodeOptions)
    for (const secondary of server.secondaryServers) server.logger.info(resolveText(formatAddress(secondary)))
  }
  runOnListenHooks(server)
  return address
}

/**
 * onListen hooks, as Fastify runs them: started once the server listens but not awaited by
 * listen(). Each context runs its own hooks one after another; a failing hook is logged
 * (`log.error(err)`, the context's logger) and the next one runs. Once a context's hooks are done,
 * its child contexts start theirs, all of them at once.
 */
function runOnListenHooks (server: ServerState): void {
  runContextOnListenHooks(server.root)
}

function runContextOnListenHooks (context: ContextState): void {
  const hooks = context.hooks.onListen
  let index = 0
  function next (error?: unknown): void {
    if (error !== undefined && error !== null) context.logger.error(error)
    if (index === hooks.length) {
      for (const child of context.children) runContextOnListenHooks(child)
      return
    }
    const hook = hooks[index++]!
    try {
      if (hook.callbackStyle) {
        hook.fn.call(hook.instance, next)
        return
      }
      const returned: unknown = hook.fn.call(hook.instance)
      if (isThenable(returned)) returned.then(function hookDone () { next() }, next)
      else next()
    } catch (thrown) {
      next(thrown)
    }
  }
  next()
}
