/** The lifecycle methods of an instance: register, ready, listen, close, inject, fetch, and what the server is bound to. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { registerPlugin } from './register.js'
import { runReady } from './ready.js'
import { queueChildReady } from './child-ready.js'
import { closeInstance } from './close.js'
import { checkListenSignal, isReadyFailure, startListening } from '../server/listen.js'
import { normaliseListenArguments, normaliseListenArgumentsV5, refusePositionalListen } from '../server/listen-arguments.js'
import { createInjector } from '../server/inject.js'
import { createFetchHandler } from '../server/fetch-handler.js'
import { serverOf } from './context-state.js'
import { warnings } from '../errors/warnings.js'
import { isAsyncFunction } from '../util/functions.js'
import type { MethodGroup } from './method-table.js'

/**
 * Calls a user callback (ready, listen, close) at once, in Fastify's order, but rethrows what it
 * throws on a fresh tick: outside the promise chain, it is an ordinary uncaught exception rather
 * than an unhandled rejection.
 */
function callUserCallback (callback: (...args: never[]) => unknown, ...args: unknown[]): void {
  try {
    (callback as (...given: unknown[]) => unknown)(...args)
  } catch (error) {
    process.nextTick(function rethrowFromUserCallback () { throw error })
  }
}

/**
 * close(callback) as avvio calls it, by the callback's parameters: none, nothing (an error
 * dropped); one, the error or null; two, the error or null and a `done` it may call.
 */
function callCloseCallback (callback: (...args: never[]) => unknown, error: Error | null): void {
  if (callback.length === 0) callUserCallback(callback)
  else if (callback.length === 1) callUserCallback(callback, error)
  else callUserCallback(callback, error, closeDone)
}

function closeDone (): void {}

export const lifecycleMethods = {
  register (plugin: unknown, options?: unknown) {
    registerPlugin(this, plugin, options)
    return this
  },
  ready (callback?: (error: Error | null) => void) {
    const server = serverOf(this)
    if (server.readyPromise === null) server.readyPromise = runReady(server)
    if (this !== server.root.instance) {
      const queued = queueChildReady(server, this, callback)
      if (queued !== null) return queued
    }
    const started = server.readyPromise
    // A callback and a promise each wait the same two steps, so ready() callbacks and promises
    // settle in the order ready() was called, mixed or not, as in Fastify.
    const settled = started.then(() => this)
    if (typeof callback === 'function') {
      // Called inside the promise, as Fastify does: what the callback throws is an unhandled
      // rejection (listen() and close() callbacks, below, throw as uncaught exceptions).
      settled.then((instance) => { (callback as (error: Error | null, instance: unknown) => void)(null, instance) }, (error: Error) => { callback(error) })
      return undefined
    }
    return settled
  },
  listen (...args: unknown[]) {
    const api5 = serverOf(this).profile.api === 5
    if (api5) refusePositionalListen(args[0])
    const { options, callback } = api5 ? normaliseListenArgumentsV5(args) : normaliseListenArguments(args)
    // Fastify 5 warns that an async callback's rejection would go unhandled.
    if (callback !== undefined && isAsyncFunction(callback) && serverOf(this).profile.api === 5) warnings.FSTWRN003('listen method')
    checkListenSignal(options.signal)
    const promise = startListening(serverOf(this), this, options)
    if (callback !== undefined) {
      promise.then((address) => { callUserCallback(callback, null, address) }, (error: Error) => {
        // Fastify passes no address (undefined) when a plugin failed, and null when binding failed.
        callUserCallback(callback, error, isReadyFailure(error) ? undefined : null)
      })
      return undefined
    }
    return promise
  },
  close (callback?: (error?: Error) => void) {
    const promise = closeInstance(serverOf(this))
    if (typeof callback === 'function') {
      promise.then(() => { callCloseCallback(callback, null) }, (error: Error) => { callCloseCallback(callback, error) })
      return this
    }
    return promise
  },
  [Symbol.asyncDispose] () { return this.close() },
  inject (options?: unknown, callback?: unknown) {
    return createInjector(this, serverOf(this))(options, callback)
  },
  /** One handler per server, made on first use and bound to it: `const { fetch } = app` works, from any context. */
  get fetch () {
    const server = serverOf(this)
    if (server.fetchHandler === undefined) server.fetchHandler = createFetchHandler(server.root.instance, server)
    return server.fetchHandler
  },
  addresses () {
    // As Fastify: the servers bound to localhost's other addresses first, then the main one.
    const server = serverOf(this)
    const found: Array<ReturnType<Server['address']>> = []
    for (const secondary of server.secondaryServers) {
      const address = secondary.address()
      if (address !== null) found.push(address)
    }
    const address = server.httpServer === null ? null : server.httpServer.address()
    if (address !== null) found.push(address)
    return found
  },
  routing (req: IncomingMessage, res: ServerResponse) { serverOf(this).httpHandler(req, res) }
} satisfies MethodGroup
