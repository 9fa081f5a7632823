import http2, { type Http2Server, type Http2Session, type SecureServerOptions } from 'node:http2'
import { errorCodes } from '../errors/codes.js'
import type { ResolvedOptions } from '../options.js'

type Handler = (req: any, res: any) => void

/** The open sessions of an HTTP/2 server, so close() can end them (Node 20 leaves them open). */
const kSessions = Symbol('enclave.http2Sessions')

interface SessionTracker {
  readonly sessions: Set<Http2Session>
  /** Set once close() ends the sessions: one whose handshake finishes later is ended at once too. */
  ending: 'graceful' | 'destroy' | null
}

/**
 * `http2: true`: h2c, or h2 over TLS when `https` is given (`https.allowHTTP1` also serves
 * HTTP/1.1 on the same port, through the same handler).
 */
export function createHttp2Server (options: ResolvedOptions, handler: Handler): Http2Server {
  const tls = options.https
  if (tls !== undefined && tls !== null) return http2.createSecureServer(tls as SecureServerOptions, handler) as unknown as Http2Server
  return http2.createServer(handler)
}

/**
 * Whether a server (ours or a serverFactory's, a subclass included) speaks HTTP/2. node:http2 does
 * not export its server classes, so their names are what identifies them.
 */
export function isHttp2Server (server: unknown): boolean {
  for (let proto = server === null || typeof server !== 'object' ? null : Object.getPrototypeOf(server); proto !== null; proto = Object.getPrototypeOf(proto)) {
    const name = proto.constructor?.name
    if (name === 'Http2Server' || name === 'Http2SecureServer') return true
  }
  return false
}

/**
 * Every session gets `http2SessionTimeout` (Fastify's default 72 s, against idle sessions holding
 * the server open) and is closed gracefully when it runs out; sessions are tracked for close().
 */
export function watchHttp2Sessions (server: any, sessionTimeout: number): void {
  const tracker: SessionTracker = { sessions: new Set(), ending: null }
  server[kSessions] = tracker
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
 * `http2SessionTimeout`.
 */
export function endHttp2Sessions (server: any, options: ResolvedOptions): void {
  const tracker: SessionTracker | undefined = server[kSessions]
  if (tracker === undefined || !options.http2GracefulClose) return
  tracker.ending = options.forceCloseConnections === true ? 'destroy' : 'graceful'
  for (const session of tracker.sessions) endSession(session, tracker.ending)
}

/**
 * forceCloseConnections defaults to 'idle' only where the server can close idle connections (an
 * HTTP/2 server cannot): elsewhere the default is false and an explicit 'idle' is an error, as in
 * Fastify.
 */
export function settleForceCloseConnections (options: ResolvedOptions, given: unknown, server: any): void {
  if (options.forceCloseConnections !== 'idle' || typeof server?.closeIdleConnections === 'function') return
  if (given === 'idle') throw new errorCodes.FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE()
  options.forceCloseConnections = false
}
