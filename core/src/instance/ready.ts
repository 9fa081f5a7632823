/** ready(): the plugins loaded by avvio, then every route (and not-found route) compiled, then the onReady hooks. */
import { compileRoutersIfAsked } from '../routing/router.js'
import { errorCodes } from '../errors/codes.js'
import { compileRoute, refuseUnloadedRoute } from '../routing/compile-route.js'
import { arrangeNotFoundRoutes } from '../routing/not-found.js'
import { runApplicationHooks } from '../lifecycle/application-hooks.js'
import { hooksInTreeOrder } from './context-state.js'
import type { ServerState } from './server-state.js'
import type { RouteContext } from '../routing/route-context.js'
import { runLoadedSteps, type LoadedStep } from './child-ready.js'

function compileAll (server: ServerState): void {
  for (const route of inLoadOrder(server.routes)) compileRoute(route)
  for (const route of arrangeNotFoundRoutes(server)) compileRoute(route)
}

/**
 * After a failed start, as Fastify: when a plugin failed, the routes avvio reached are compiled, and
 * the routes of the plugin that failed, or declared after the failure, refuse their requests; when a
 * route's schema failed to compile, the routes compiled before it serve and the others refuse (that
 * one included, which Fastify serves unvalidated).
 */
function compileWhatLoaded (server: ServerState, compileLoaded: boolean): void {
  for (const route of inLoadOrder(server.routes)) {
    if (compileLoaded && route.loadOrder !== Number.POSITIVE_INFINITY) compileIfPossible(route)
    if (!route.compiled) refuseUnloadedRoute(route)
  }
  try {
    for (const route of arrangeNotFoundRoutes(server)) compileIfPossible(route)
  } catch {
    // A not-found handler that cannot be arranged leaves the default answer.
  }
}

function compileIfPossible (route: RouteContext): void {
  try {
    compileRoute(route)
  } catch {
    route.compiled = false
  }
}

/** What avvio rejects with when a plugin takes too long: its code, message and the plugin. */
interface AvvioTimeout extends Error {
  code?: unknown
  fn?: { name?: unknown }
}

/** The routes in the order avvio reached their declarations (a route declared after a register() call comes after that plugin's). */
function inLoadOrder (routes: RouteContext[]): RouteContext[] {
  return routes.slice().sort(byLoadOrder)
}

function byLoadOrder (a: RouteContext, b: RouteContext): number {
  return a.loadOrder === b.loadOrder ? 0 : a.loadOrder < b.loadOrder ? -1 : 1
}

/** avvio's plugin timeout becomes Fastify's FST_ERR_PLUGIN_TIMEOUT (avvio's error as its cause); other errors pass unchanged. */
function translateBootError (error: unknown): unknown {
  const timeout = error as AvvioTimeout | null | undefined
  if (timeout?.code === 'AVV_ERR_PLUGIN_EXEC_TIMEOUT' || timeout?.code === 'AVV_ERR_READY_TIMEOUT') {
    // avvio's message quotes the plugin's name, which may itself hold quotes (an anonymous function's source).
    const name = /^Plugin did not start in time: '(.*)'\. You may have/s.exec(String(timeout.message))?.[1] ?? String(timeout.fn?.name ?? 'unknown')
    const translated = new errorCodes.FST_ERR_PLUGIN_TIMEOUT(`Plugin did not start in time: '${name}'. You may have forgotten to call 'done' function or to resolve a Promise`)
    ;(translated as { cause?: unknown }).cause = error
    return translated
  }
  return error
}

/** Takes the children's queued ready() steps: from now on a child's ready() waits for the app's. */
function takeLoadedSteps (server: ServerState): LoadedStep[] {
  const steps = server.pluginsLoadedWaiters ?? []
  server.pluginsLoadedWaiters = null
  return steps
}

/** A failed start: the app's ready() has the error; the children's steps still run, seeing none. */
function ignoreStepError (): void {}

/**
 * A failed start still starts the server, as Fastify's: from then on configuration calls are refused
 * and inject() serves what had loaded (ready() keeps its error). That happens once the app's ready()
 * has been rejected: on Fastify 4.29's avvio before the app's rejection handlers run (a microtask),
 * on Fastify 5's after them (the next tick). The children's steps run then, seeing no error.
 */
function startAfterFailure (server: ServerState, steps: LoadedStep[], pluginFailed: boolean): void {
  if (server.profile.api === 4) queueMicrotask(function startFailed () { startWhatLoaded(server, steps, pluginFailed) })
  else process.nextTick(startWhatLoaded, server, steps, pluginFailed)
}

/** ready() rejects with the plugin's (or the schema's) error; the server then starts with what loaded. */
function failStart (server: ServerState, error: unknown, pluginFailed: boolean, done: () => void, reject: (error: unknown) => void): void {
  const steps = takeLoadedSteps(server)
  server.startFailed = true
  done()
  reject(error)
  startAfterFailure(server, steps, pluginFailed)
}

function startWhatLoaded (server: ServerState, steps: LoadedStep[], pluginFailed: boolean): void {
  server.booted = true
  compileWhatLoaded(server, pluginFailed)
  lockConfiguration(server)
  runLoadedSteps(steps, ignoreStepError)
}

function closeConfiguration (server: ServerState): void {
  server.configurationClosed = true
}

/**
 * Configuration calls are refused from now on. Fastify 5 counts the server as started on its boot's
 * start event: when the root has no onReady hook and no child context, ready() settles before it
 * (Fastify skips the step that would run those hooks), so ready()'s callbacks and the code right
 * after `await ready()` may still make them until the next tick (@fastify/aws-lambda decorates the
 * request when it wraps such an app); otherwise the event comes first.
 */
function lockConfiguration (server: ServerState): void {
  server.configLocked = true
  const root = server.root
  if (server.profile.api === 5 && root.hooks.onReady.length === 0 && root.children.length === 0) process.nextTick(closeConfiguration, server)
  else server.configurationClosed = true
}

/** ready(): plugins loaded by avvio, then every route compiled, then onReady hooks. */
export function runReady (server: ServerState): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.root.instance._avvioReady(function afterPlugins (error, _context, done) {
      if (error !== null && error !== undefined) {
        failStart(server, translateBootError(error), true, done, reject)
        return
      }
      try {
        compileAll(server)
        compileRoutersIfAsked(server)
      } catch (compileError) {
        failStart(server, compileError, false, done, reject)
        return
      }
      server.booted = true
      const steps = takeLoadedSteps(server)
      if (server.closing) {
        // ready() after close(): resolves, as Fastify's does, without starting what close() stopped.
        lockConfiguration(server)
        done()
        resolve()
        return
      }
      const runOnReady = function runOnReady (): void {
        runApplicationHooks(hooksInTreeOrder(server.root, 'onReady'), [], server.options.pluginTimeout, 'onReady', server.profile.api).then(() => {
          lockConfiguration(server)
          done()
          resolve()
        }, (hookError: unknown) => {
          server.startFailed = true
          lockConfiguration(server)
          done()
          reject(hookError)
        })
      }
      if (steps.length === 0) {
        runOnReady()
        return
      }
      // The children's ready() steps run first, in turn. The onReady hooks start after what their
      // promises' handlers do on Fastify 4.29's avvio (the next turn of the event loop), before it on
      // Fastify 5's (the next tick).
      runLoadedSteps(steps, function afterChildrenReady (stepError: unknown) {
        if (stepError === null) {
          if (server.profile.api === 4) setImmediate(runOnReady)
          else process.nextTick(runOnReady)
          return
        }
        server.startFailed = true
        lockConfiguration(server)
        done()
        reject(stepError)
      })
    })
  })
}
