import http, { STATUS_CODES, type Server } from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import tls from 'node:tls'
import { createHttp2Server, isHttp2Server, watchHttp2Sessions } from './http2-server.js'
import type { ResolvedOptions } from '../options.js'
import type { EnclaveLogger } from '../logging/logger.js'

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** Statuses for the parse errors Node reports before a request reaches us. */
function statusForClientError (error: any): number {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': return 431
    case 'ERR_HTTP_REQUEST_TIMEOUT': return 408
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW': return 413
    default: return 400
  }
}

/**
 * Malformed requests never reach a route: answer them with a complete response (never a bare
 * socket reset while the client can still read) and log them.
 */
function createClientErrorHandler (logger: EnclaveLogger, custom: unknown) {
  return function onClientError (error: any, socket: Socket): void {
    if (typeof custom === 'function') {
      custom(error, socket)
      return
    }
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
      socket.destroy(error)
      return
    }
    const statusCode = statusForClientError(error)
    const body = JSON.stringify({ statusCode, code: 'FST_ERR_CLIENT_ERROR', error: STATUS_CODES[statusCode], message: 'Client Error' })
    logger.debug({ err: error }, 'client error')
    socket.end(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
  }
}

/**
 * Node only honours requestTimeout for request bodies when it is given to the constructor, and it
 * checks the timeouts every 30 s by default: a requestTimeout of 5 s would let a slow-loris body
 * live far longer. Checking at half the timeout cuts it within 1.5 times the setting.
 */
function timeoutOptions (options: ResolvedOptions): http.ServerOptions {
  if (options.requestTimeout <= 0) return {}
  return {
    requestTimeout: options.requestTimeout,
    connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.ceil(options.requestTimeout / 2)))
  }
}

export function createHttpServer (options: ResolvedOptions, handler: Handler, logger: EnclaveLogger): Server {
  let server: Server
  if (typeof options.serverFactory === 'function') {
    server = (options.serverFactory as (handler: Handler, options: unknown) => Server)(handler, options)
  } else if (options.http2 === true) {
    server = createHttp2Server(options, handler) as unknown as Server
  } else if (options.https !== undefined && options.https !== null) {
    server = https.createServer({ ...timeoutOptions(options), ...options.https as https.ServerOptions }, handler) as unknown as Server
  } else {
    server = http.createServer(timeoutOptions(options), handler)
  }
  if (options.connectionTimeout > 0) server.setTimeout(options.connectionTimeout)
  server.keepAliveTimeout = options.keepAliveTimeout
  server.requestTimeout = options.requestTimeout
  if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket
  server.on('clientError', createClientErrorHandler(logger, options.clientErrorHandler))
  // As in Fastify, http2SessionTimeout is for the servers it creates, not a serverFactory's.
  if (isHttp2Server(server)) watchHttp2Sessions(server, typeof options.serverFactory === 'function' ? 0 : options.http2SessionTimeout)
  return server
}

export interface ListenOptions {
  port?: number
  host?: string
  path?: string
  backlog?: number
  exclusive?: boolean
  ipv6Only?: boolean
  signal?: AbortSignal
}

/** listen() accepts Fastify v4's forms: (options, cb), (cb), and the legacy (port, host, backlog, cb). */
export function normaliseListenArguments (args: unknown[]): { options: ListenOptions, callback: ((error: Error | null, address?: string) => void) | undefined } {
  const callback = typeof args[args.length - 1] === 'function' ? args.pop() as (error: Error | null, address?: string) => void : undefined
  const first = args[0]
  if (first === undefined || first === null) return { options: {}, callback }
  if (typeof first === 'object') return { options: first as ListenOptions, callback }
  const options: ListenOptions = { port: Number(first) }
  if (typeof args[1] === 'string') options.host = args[1]
  if (typeof args[2] === 'number') options.backlog = args[2]
  return { options, callback }
}

export function formatAddress (server: Server): string {
  const address = server.address()
  if (address === null) return ''
  if (typeof address === 'string') return address
  // tls.Server covers https.Server and HTTP/2 over TLS alike.
  const protocol = (server as any).cert !== undefined || server instanceof tls.Server ? 'https' : 'http'
  const host = address.family === 'IPv6' || address.family as unknown === 6 ? `[${address.address}]` : address.address
  return `${protocol}://${host}:${address.port}`
}
