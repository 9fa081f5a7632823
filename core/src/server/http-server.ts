/** The HTTP server a Server is built on (http, https, HTTP/2 or a serverFactory's), its client-error answers, and its address as text. */
import type * as Http from 'node:http'
import type { Server } from 'node:http'
import type * as Https from 'node:https'
import type { Socket } from 'node:net'
import type * as Tls from 'node:tls'
import { createHttp2Server, isHttp2Server, watchHttp2Sessions } from './http2-server.js'
import { statusTexts } from '../util/status-texts.js'
import { nodeBuiltin } from '../util/node-builtin.js'
import type { ServerState } from '../instance/server-state.js'
import type { ResolvedOptions } from '../options.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { RawHandler } from '../instance/server-state.js'
import { trackConnections } from './graceful-close.js'
import { unreadBodyAwareResponse } from './unread-body.js'

/** What Node reports to `clientError`: an Error with Node's code (HPE_*, ERR_HTTP_REQUEST_TIMEOUT, ECONNRESET). */
type ClientError = Error & { code?: string }

/** Fastify's answer to each parse error Node reports before a request reaches a route. */
function clientErrorAnswer (error: ClientError): { status: number, message: string, label: string } {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT': return { status: 408, message: 'Client Timeout', label: 'timeout' }
    case 'HPE_HEADER_OVERFLOW': return { status: 431, message: 'Exceeded maximum allowed HTTP header size', label: 'header_overflow' }
    default: return { status: 400, message: 'Client Error', label: 'error' }
  }
}

/**
 * Malformed or timed-out requests never reach a route: answer them as Fastify does (its status,
 * body and headers, logged at trace) rather than drop the connection silently.
 */
function createClientErrorHandler (logger: EnclaveLogger, custom: unknown, instance: unknown) {
  const handler = typeof custom === 'function' ? custom as (this: unknown, error: ClientError, socket: Socket) => void : null
  return function onClientError (error: ClientError, socket: Socket): void {
    if (handler !== null) {
      // As in Fastify, the app's clientErrorHandler runs with the root instance as `this` (this.log).
      handler.call(instance, error, socket)
      return
    }
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const { status, message, label } = clientErrorAnswer(error)
    const reason = statusTexts[status]!
    const body = `{"error":"${reason}","message":"${message}","statusCode":${status}}`
    logger.trace({ err: error }, `client ${label}`)
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\n\r\n${body}`)
    }
    socket.destroy(error)
  }
}

/**
 * Node only honours requestTimeout for request bodies when it is given to the constructor, and it
 * checks the timeouts every `connectionsCheckingInterval` (30 s by default): a requestTimeout of
 * 5 s would let a slow-loris request live 35 s. Checking at most every second (more often for
 * shorter timeouts) enforces the limit within one second of it. The app's own `http` options win.
 */
function timeoutOptions (options: ResolvedOptions): Http.ServerOptions {
  if (options.requestTimeout <= 0) return {}
  return {
    requestTimeout: options.requestTimeout,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.ceil(options.requestTimeout / 4)))
  }
}

/** Fastify's `http` option: Node's own http.createServer options (ignored with `https`). */
function httpOptionsOf (options: ResolvedOptions): Http.ServerOptions {
  const given = options.http
  return typeof given === 'object' && given !== null ? given as Http.ServerOptions : {}
}

export function createHttpServer (options: ResolvedOptions, handler: RawHandler, logger: EnclaveLogger, instance: unknown): Server {
  let server: Server
  if (typeof options.serverFactory === 'function') {
    server = (options.serverFactory as (handler: RawHandler, options: unknown) => Server)(handler, options)
  } else if (options.http2 === true) {
    // Fastify's model: the HTTP/2 server stands where an http.Server is typed (`instance.server`; the HTTP/2 face's types say which).
    server = createHttp2Server(options, handler) as unknown as Server
  } else if (options.https !== undefined && options.https !== null) {
    const https = nodeBuiltin<typeof Https>('node:https', 'An HTTPS server')
    const tls = options.https === true ? {} : options.https as Https.ServerOptions
    server = https.createServer({ ServerResponse: unreadBodyAwareResponse(), ...timeoutOptions(options), ...tls }, handler) as Server
    trackConnections(server, 'secureConnection')
  } else {
    const http = nodeBuiltin<typeof Http>('node:http', 'An HTTP server')
    server = http.createServer({ ServerResponse: unreadBodyAwareResponse(), ...timeoutOptions(options), ...httpOptionsOf(options) }, handler)
    trackConnections(server, 'connection')
  }
  // As in Fastify 4.29, a serverFactory's server keeps its own timeouts, and the HTTP/1 settings
  // (keepAliveTimeout, requestTimeout, maxRequestsPerSocket) are not put on an HTTP/2 server.
  const factoryMade = typeof options.serverFactory === 'function'
  if (!factoryMade && options.connectionTimeout > 0) server.setTimeout(options.connectionTimeout)
  if (!factoryMade && !isHttp2Server(server)) {
    server.keepAliveTimeout = options.keepAliveTimeout
    server.requestTimeout = options.requestTimeout
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket
  }
  server.on('clientError', createClientErrorHandler(logger, options.clientErrorHandler, instance))
  // As in Fastify, http2SessionTimeout is for the servers it creates, not a serverFactory's.
  if (isHttp2Server(server)) watchHttp2Sessions(server, factoryMade ? 0 : options.http2SessionTimeout)
  return server
}

/**
 * The app's HTTP server, made the first time something needs it (`app.server`, listen()), so an
 * app served through `app.fetch()` never loads Node's HTTP modules. A serverFactory's is made at
 * creation, as Fastify calls the factory there.
 */
export function httpServerOf (state: ServerState): Server {
  if (state.httpServer === null) state.httpServer = createHttpServer(state.options, state.httpHandler, state.logger, state.root.instance)
  return state.httpServer
}

export function formatAddress (server: Server): string {
  const address = server.address()
  if (address === null) return ''
  if (typeof address === 'string') return address
  // tls.Server covers https.Server and HTTP/2 over TLS alike.
  const protocol = (server as { cert?: unknown }).cert !== undefined || server instanceof nodeBuiltin<typeof Tls>('node:tls', 'A TLS server').Server ? 'https' : 'http'
  const host = address.family === 'IPv6' || address.family as unknown === 6 ? `[${address.address}]` : address.address
  return `${protocol}://${host}:${address.port}`
}
