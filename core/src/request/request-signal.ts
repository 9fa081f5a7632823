/**
 * `request.signal`: an AbortSignal that aborts when the client goes away before the response is
 * finished, as Fastify 5's. Made on first read, so a request that never reads it pays nothing.
 */
import type { IncomingMessage } from 'node:http'

/** One request's signal and the raw request it watches; `watching` turns false once the reply is hijacked. */
class SignalWatch {
  readonly controller = new AbortController()
  watching = true
}

// Keyed by the raw request, which both the close listener (`this`) and reply.hijack() can reach,
// so no request carries a field for a feature most never use.
const watches = new WeakMap<IncomingMessage, SignalWatch>()

/**
 * The request's signal, made and watched on first read. As in Fastify 5, the watch starts at that
 * read: a signal first read after the client left stays unaborted.
 */
export function signalOf (raw: IncomingMessage): AbortSignal {
  let watch = watches.get(raw)
  if (watch === undefined) {
    watch = new SignalWatch()
    watches.set(raw, watch)
    // Ahead of the onRequestAbort watch, so those hooks already see the signal aborted (as in Fastify 5).
    raw.prependOnceListener('close', onRawClose)
  }
  return watch.controller.signal
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

/** reply.hijack(): the app owns the response from now on, so a signal already made stops watching (as in Fastify 5). */
export function stopSignalWatch (raw: IncomingMessage): void {
  const watch = watches.get(raw)
  if (watch !== undefined) watch.watching = false
}
