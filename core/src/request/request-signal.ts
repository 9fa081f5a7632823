/**
 * `request.signal`: an AbortSignal that aborts when the client goes away before the response is
 * finished, as Fastify 5's. Made on first read, so a request that never reads it pays nothing.
 */
import type { IncomingMessage } from 'node:http'

/**
 * One request's signal and the raw request it watches; `watching` turns false once the reply is
 * hijacked. `timer` is the handlerTimeout's, on a route that has one.
 */
class SignalWatch {
  readonly controller = new AbortController()
  watching = true
  timer: NodeJS.Timeout | null = null
}

// Keyed by the raw request, which both the close listener (`this`) and reply.hijack() can reach,
// so no request carries a field for a feature most never use.
const watches = new WeakMap<IncomingMessage, SignalWatch>()

/**
 * The request's signal, made and watched on first read. As in Fastify 5, the watch starts at that
 * read: a signal first read after the client left stays unaborted.
 */
export function signalOf (raw: IncomingMessage): AbortSignal {
  return watchOf(raw).controller.signal
}

function watchOf (raw: IncomingMessage): SignalWatch {
  let watch = watches.get(raw)
  if (watch === undefined) {
    watch = new SignalWatch()
    watches.set(raw, watch)
    // Ahead of the onRequestAbort watch, so those hooks already see the signal aborted (as in Fastify 5).
    raw.prependOnceListener('close', onRawClose)
  }
  return watch
}

/**
 * handlerTimeout: `onTimeout(argument)` runs after `ms` unless the response closes first or the reply
 * is hijacked. The signal is made at once, as Fastify 5 makes it on such a route.
 */
export function startHandlerTimer (raw: IncomingMessage, ms: number, onTimeout: (argument: unknown) => void, argument: unknown): void {
  watchOf(raw).timer = setTimeout(onTimeout, ms, argument)
}

/** The handler timed out: the signal aborts with the timeout error as its reason. */
export function abortSignal (raw: IncomingMessage, reason: unknown): void {
  const watch = watchOf(raw)
  if (!watch.controller.signal.aborted) watch.controller.abort(reason)
}

/** The response is over (finished or its connection gone): the handler timer has nothing left to do. */
export function clearHandlerTimer (raw: IncomingMessage): void {
  const watch = watches.get(raw)
  if (watch !== undefined && watch.timer !== null) {
    clearTimeout(watch.timer)
    watch.timer = null
  }
}

/**
 * Node marks a request `aborted` (HTTP/1 and HTTP/2 alike) when its connection or stream closed
 * before the response finished; a request closed after its response is not.
 */
function onRawClose (this: IncomingMessage): void {
  const watch = watches.get(this)
  if (watch === undefined || !watch.watching || this.aborted !== true) return
  watch.controller.abort()
}

/** reply.hijack(): the app owns the response from now on, so a signal already made stops watching and the handler timer stops (as in Fastify 5). */
export function stopSignalWatch (raw: IncomingMessage): void {
  const watch = watches.get(raw)
  if (watch !== undefined) watch.watching = false
  clearHandlerTimer(raw)
}
