/** HTTP/2 servers: creating them, and their sessions (timeouts, tracking, ending at close()). */
import type * as Http2 from 'node:http2'
import type { Http2SecureServer, Http2Server, Http2ServerRequest, Http2ServerResponse, Http2Session, SecureServerOptions } from 'node:http2'
import type { Server } from 'node:http'
import { errorCodes } from '../errors/codes.js'
import { kHttp2Sessions } from '../symbols.js'
import type { ResolvedOptions } from '../options.js'
import type { RawHandler } from '../instance/server-state.js'
import { unreadBodyAwareResponse } from './unread-body.js'
import { nodeBuiltin } from '../util/node-builtin.js'

/** The open sessions of an HTTP/2 server, so close() can end them (Node 20 leaves them open). */

/** A server whose HTTP/2 sessions are tracked. */
interface TrackedServer {
  [kHttp2Sessions]?: SessionTracker
}

interface SessionTracker {
  readonly sessions: Set<Http2Session>
  /** Set once close() ends the sessions: one whose handshake finishes later is ended at once too. */
  ending: 'graceful' | 'destroy' | null
}

/**
 * `http2: true`: h2c, or h2 over TLS when `https` is given (`https.allowHTTP1` also serves
 * HTTP/1.1 on the same port, through the same handler).
 */
export function createHttp2Server (options: ResolvedOptions, handler: RawHandler): Http2Server | Http2SecureServer {
  // Node's HTTP/2 compatibility request and response stand in for HTTP/1's (the same members the core reads), as in Fastify.
  const compatHandler = handler as unknown as (req: Http2ServerRequest, res: Http2ServerResponse) => void
  const tls = options.https
  const http2 = nodeBuiltin<typeof Http2>('node:http2', 'An HTTP/2 server')
  // With allowHTTP1, HTTP/1.1 requests get the same response class as an HTTP/1 server's (see unread-body.ts).
  if (tls !== undefined && tls !== null) return http2.createSecureServer({ Http1ServerResponse: unreadBodyAwareResponse(), ...(tls === true ? {} : tls as SecureServerOptions) }, compatHandler)
  return http2.createServer(compatHandler)
}

/**
 * Whether a server (ours or a serverFactory's, a subclass included) speaks HTTP/2. node:http2 does
 * not export its server classes, so their names are what identifies them.
 */
export function isHttp2Server (server: unknown): boolean {
  for (let proto = server === null || typeof server !== 'object' ? null : Object.getPrototypeOf(server) as object | null; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    const name = (proto.constructor as { name?: unknown } | undefined)?.name
    if (name === 'Http2Server' || name === 'Http2SecureServer') return true
  }
  return false
}

/**
 * Every session gets `http2SessionTimeout` (Fastify's default 72 s, against idle sessions holding
 * the server open) and is closed gracefully when it runs out; sessions are tracked for close().
 */
export function watchHttp2Sessions (server: Server, sessionTimeout: number): void {
  const tracker: SessionTracker = { sessions: new Set(), ending: null }
  ;(server as TrackedServer)[kHttp2Sessions] = tracker
  server.on('session', function onSession (session: Http2Session) {
    if (tracker.ending !== null) {
      endSession(session, tracker.ending)
      return
    }
    tracker.sessions.add(session)
    session.once('close', function forgetSession () { tracker.sessions.delete(session) })
    if (sessionTimeout > 0) session.setTimeout(sessionTimeout, closeIdleSession)
  })
}

function endSession (session: Http2Session, how: 'graceful' | 'destroy'): void {
  if (how === 'destroy') session.destroy()
  else session.close()
}

function closeIdleSession (this: Http2Session): void {
  this.close()
}

/**
 * close() on an HTTP/2 server. `http2GracefulClose` (Enclave's default) sends GOAWAY to each
 * session: streams in flight finish, new ones are refused, and the server closes once they are
 * done; `forceCloseConnections: true` then destroys the sessions at once instead. Fastify 4
 * (`http2GracefulClose: false`) leaves them open: close() waits for the clients to leave or for
 * `http2SessionTimeout`; Fastify 5 (`api` 5) does too, unless `forceCloseConnections: true`
 * asks it to close them (GOAWAY, as the graceful close).
 */
export function endHttp2Sessions (server: Server, options: ResolvedOptions, api: 4 | 5): void {
  const tracker = (server as TrackedServer)[kHttp2Sessions]
  if (tracker === undefined) return
  if (options.http2GracefulClose) tracker.ending = options.forceCloseConnections === true ? 'destroy' : 'graceful'
  else if (api === 5 && options.forceCloseConnections === true) tracker.ending = 'graceful'
  else return
  for (const session of tracker.sessions) endSession(session, tracker.ending)
}

/**
 * forceCloseConnections defaults to 'idle' only where the server can close idle connections (an
 * HTTP/2 server cannot): elsewhere the default is false and an explicit 'idle' is an error, as in
 * Fastify.
 */
export function settleForceCloseConnections (options: ResolvedOptions, given: unknown, server: Server | null): void {
  if (options.forceCloseConnections !== 'idle') return
  // Servers not made yet are ours: Node's HTTP/1 servers can close idle connections, its HTTP/2 servers cannot.
  const canCloseIdle = server === null ? options.http2 !== true : typeof (server as Partial<Server>).closeIdleConnections === 'function'
  if (canCloseIdle) return
  if (given === 'idle') throw new errorCodes.FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE()
  options.forceCloseConnections = false
}
