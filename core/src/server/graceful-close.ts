/** Graceful close (`gracefulClose`): connections tracked from creation, busy ones finish with `Connection: close`, idle ones close after a short grace. */
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { kTrackedConnections } from '../symbols.js'

/**
 * How long a keep-alive connection that is idle when close() begins stays open. Its client may
 * already have a request on the wire: closing at once resets that request (the client sees
 * ECONNRESET, never an answer), while a short grace lets it arrive and be answered 503 with
 * `Connection: close`. A connection that stays idle this long is closed.
 */
const idleGraceMs = 100
const sweepEveryMs = 10

/** A server whose connections are tracked; while it stops listening, Node's idle-connection sweep is replaced by a no-op. */
interface TrackedServer {
  [kTrackedConnections]?: Set<Socket>
  closeIdleConnections?: () => void
}

/** Node's socket keeps the response it is busy with (an internal field, stable across Node 18–22). */
interface BusySocket {
  _httpMessage?: { headersSent: boolean, setHeader?: (name: string, value: string) => unknown } | null
}

/** The response a connection is busy with: Node keeps it on the socket until that response finishes. */
function currentResponse (socket: Socket): BusySocket['_httpMessage'] {
  return (socket as BusySocket)._httpMessage ?? null
}

/**
 * Every open connection, so close() can tell busy ones from idle ones. Once per server, at creation.
 * Over TLS (`secureConnection`) the HTTP layer works on the TLS socket, which only exists once the
 * handshake is done.
 */
export function trackConnections (httpServer: Server, event: 'connection' | 'secureConnection'): void {
  const connections = new Set<Socket>()
  ;(httpServer as TrackedServer)[kTrackedConnections] = connections
  httpServer.on(event, function trackConnection (socket: Socket) {
    connections.add(socket)
    socket.once('close', function untrackConnection () { connections.delete(socket) })
  })
}

/** A response not yet started is told to close its connection once written (`Connection: close`). */
function closeAfterResponse (socket: Socket): void {
  const response = currentResponse(socket)
  if (response !== null && response !== undefined && response.headersSent === false && typeof response.setHeader === 'function') {
    response.setHeader('Connection', 'close')
  }
}

/**
 * Stops accepting connections and lets the open ones finish: every response still to be written
 * carries `Connection: close` (requests that arrive are answered 503 by the router while closing),
 * idle connections are closed after a short grace. `force: true` destroys every connection at once
 * (Fastify's `forceCloseConnections: true`). `graceful: false` (the `gracefulClose` option at
 * Fastify's value) is Node's close(), as Fastify's: the server stops listening and idle connections
 * close at once, busy ones are left to their keep-alive timeout.
 */
export function closeGracefully (httpServer: Server, force: boolean | 'idle', graceful: boolean, api: 4 | 5, done: () => void): void {
  const connections = (httpServer as TrackedServer)[kTrackedConnections]
  if (force === true) {
    httpServer.close(function serverClosed () { done() })
    // An HTTP/2 server has no such method: its sessions are ended by endHttp2Sessions.
    if (typeof httpServer.closeAllConnections === 'function') httpServer.closeAllConnections()
    return
  }
  if (connections === undefined || !graceful) {
    // Fastify's close, and that of a server we did not create (serverFactory): Node's close(), which also closes idle connections.
    httpServer.close(function serverClosed () { done() })
    // 'idle': Fastify 4.29 sweeps idle connections once more after close(); Fastify 5 does so only
    // for a serverFactory's server, whose close() may not sweep them itself.
    if (force === 'idle' && typeof httpServer.closeIdleConnections === 'function' && (api === 4 || connections === undefined)) httpServer.closeIdleConnections()
    return
  }
  // `false` and 'idle' end alike, as in Fastify on Node >= 19 (whose server.close() closes idle
  // connections itself): idle connections are closed, after the grace.
  const idleSince = new Map<Socket, number>()
  const server = httpServer as TrackedServer
  let finished = false
  let listening = true
  const begun = Date.now()
  function sweep (): void {
    const now = Date.now()
    if (listening && now - begun >= idleGraceMs) stopListening()
    for (const socket of connections!) {
      if (currentResponse(socket) !== null) {
        idleSince.delete(socket)
        continue
      }
      const since = idleSince.get(socket)
      if (since === undefined) idleSince.set(socket, now)
      else if (now - since >= idleGraceMs) {
        // One more turn of the event loop first: a request already in the socket's buffer is read
        // (and the connection becomes busy) before the connection is closed.
        setImmediate(function closeIfStillIdle () {
          if (currentResponse(socket) === null && !socket.destroyed) socket.destroy()
        })
        idleSince.delete(socket)
      }
    }
  }
  function stopListening (): void {
    listening = false
    // http.Server#close() also closes the idle connections at once, which is what the grace avoids:
    // it is kept from doing so for this one call (it still stops listening and its timeout checks).
    server.closeIdleConnections = function keepIdleConnectionsForNow () {}
    try {
      httpServer.close(function serverClosed () {
        if (finished) return
        finished = true
        clearInterval(timer)
        done()
      })
    } finally {
      delete server.closeIdleConnections
    }
  }
  // Requests that arrive from now on are answered with `Connection: close` by the router; those
  // already in flight are marked once, here (a pipelined request may take the mark over later).
  for (const socket of connections) closeAfterResponse(socket)
  // The listening socket stays open for the grace too: clients whose connections are still
  // waiting to be accepted get the 503 rather than a reset. With no connection open at all there is
  // no load to drain, and it closes at once.
  const timer = setInterval(sweep, sweepEveryMs)
  if (connections.size === 0) stopListening()
  sweep()
}
