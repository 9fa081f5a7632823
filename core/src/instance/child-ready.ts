/**
 * ready() on a child instance while the plugins load. Fastify gives a plugin's instance avvio's own
 * ready(): a step in avvio's ready queue, run once the plugins have loaded and before the onReady
 * hooks, after Fastify's own ready step has taken the boot's error. So the step sees no error (a
 * failed start fails the app's ready(), not the plugin's), and a callback is called by its arity:
 * `()`, `(err)`, `(err, done)` or `(err, instance, done)`, the next step waiting for `done`.
 */
import { isThenable } from '../util/functions.js'
import type { ServerState } from './server-state.js'

/** One queued child ready(); `next` continues the queue, with an error to fail the start. */
export type LoadedStep = (next: (error?: unknown) => void) => void

type ReadyCallback = (...args: unknown[]) => unknown

/** Queues a child's ready() if the plugins are still loading; null once they have loaded. */
export function queueChildReady (server: ServerState, instance: object, callback: unknown): Promise<unknown> | undefined | null {
  const steps = server.pluginsLoadedWaiters
  if (steps === null) return null
  if (typeof callback === 'function') {
    steps.push(function childReadyCallback (next) { callByArity(callback as ReadyCallback, instance, next) })
    return undefined
  }
  return new Promise<unknown>((resolve) => {
    steps.push(function childReadyPromise (next) {
      // Settled a tick later on Fastify 5's avvio: its handlers run after the onReady hooks start.
      if (server.profile.api === 5) process.nextTick(resolve, instance)
      else resolve(instance)
      next()
    })
  })
}

function callByArity (callback: ReadyCallback, instance: object, next: (error?: unknown) => void): void {
  let called = false
  const done = function done (error?: unknown): void {
    if (called) return
    called = true
    next(error)
  }
  try {
    if (callback.length >= 2) {
      if (callback.length === 2) callback(undefined, done)
      else callback(undefined, instance, done)
      return
    }
    const result = callback.length === 0 ? callback() : callback(undefined)
    if (isThenable(result)) result.then(() => { done() }, done)
    else done()
  } catch (error) {
    // Outside the boot's chain, as an ordinary uncaught exception; the queue goes on.
    process.nextTick(function rethrowFromReadyCallback () { throw error })
    done()
  }
}

/** Runs the queued steps in turn (each on a fresh tick, as avvio does), then `finish`. */
export function runLoadedSteps (steps: LoadedStep[], finish: (error: unknown) => void): void {
  let index = 0
  const runNext = function runNext (): void {
    const step = steps[index++]
    if (step === undefined) {
      finish(null)
      return
    }
    step(function next (error?: unknown) {
      if (error !== undefined && error !== null) finish(error)
      else process.nextTick(runNext)
    })
  }
  runNext()
}
