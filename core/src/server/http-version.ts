/** Fastify's HTTP version (and HTTP/2 unknown method) check, before a request reaches routing. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { parserMethods } from '../util/parser-methods.js'
import { unroutableTarget } from '../routing/unroutable-target.js'
import type { ResolvedOptions } from '../options.js'
import type { RawHandler } from '../instance/server-state.js'

const versionNotSupportedBody = JSON.stringify({ error: 'HTTP Version Not Supported', message: 'HTTP Version Not Supported', statusCode: 505 })

function refuseHttpVersion (res: ServerResponse): void {
  // Capitalised, as Fastify writes them.
  res.writeHead(505, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(versionNotSupportedBody) })
  res.end(versionNotSupportedBody)
}

/**
 * HTTP/1.1's parser only lets through methods Node knows; HTTP/2 carries every token. Fastify 4 answers
 * a method Node does not know with this bare 404, before a hook or not-found handler runs.
 */
const knownMethods = new Set(parserMethods)
const unknownMethodBody = JSON.stringify({ statusCode: 404, code: 'FST_ERR_NOT_FOUND', error: 'Not Found', message: 'Not Found' })

function refuseUnknownMethod (res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(unknownMethodBody) })
  res.end(unknownMethodBody)
}

/**
 * Fastify's HTTP version check, before the first hook: an HTTP/2 server answers only HTTP/2 (HTTP/1.x
 * too with `https.allowHTTP1`); every other version gets 505, inject()'s HTTP/1.1 into an HTTP/2-only
 * app included. With `checkHttp1Version` (Fastify 4.29), an HTTP/1 request line must say HTTP/1.1 or
 * 1.0: the HTTP/0.9 and HTTP/2.0 ones Node's parser lets through get 505 (with `allowHTTP1`, HTTP/0.9);
 * Fastify 5.12 dropped that check and routes them, and so does `enclave()`, where bad input never
 * answers 5xx.
 * A serverFactory's server is not checked. The wrapper is chosen once.
 */
export function guardHttpVersion (options: ResolvedOptions, handler: RawHandler, api: 4 | 5, checkHttp1Version: boolean, logRefused: (req: IncomingMessage) => void): RawHandler {
  if (typeof options.serverFactory === 'function') return handler
  if (options.http2 !== true) {
    if (!checkHttp1Version) return handler
    const semicolonDelimits = options.useSemicolonDelimiter === true
    return function handleHttp1 (req, res): void {
      const version = req.httpVersion
      // Fastify 4.29 checks the version once its router has matched: a target the router refuses
      // gets that 400 (FST_ERR_BAD_URL), whatever the version.
      if (version === '1.1' || version === '1.0' || unroutableTarget(req.url, semicolonDelimits) !== null) {
        handler(req, res)
        return
      }
      logRefused(req)
      refuseHttpVersion(res)
    }
  }
  const tls = options.https as { allowHTTP1?: unknown } | null | undefined
  if (tls !== undefined && tls !== null && tls.allowHTTP1 === true) {
    if (!checkHttp1Version) {
      return function handleHttp2OrAnyHttp1 (req, res): void {
        if (!knownMethods.has(req.method!)) refuseUnknownMethod(res)
        else handler(req, res)
      }
    }
    return function handleHttp2OrHttp1 (req, res): void {
      const version = req.httpVersion
      if (version !== '2.0' && version !== '1.1' && version !== '1.0') refuseHttpVersion(res)
      else if (!knownMethods.has(req.method!)) refuseUnknownMethod(res)
      else handler(req, res)
    }
  }
  if (api === 5) {
    // Fastify 5 lets inject()'s HTTP/1.1 requests (light-my-request 6 marks them) into an HTTP/2-only
    // app; on the network such a server never hands this handler an HTTP/1 request.
    return function handleHttp2OnlyOrInjected (req, res): void {
      if (req.httpVersionMajor !== 2 && (req as { isLightMyRequest?: boolean }).isLightMyRequest !== true) refuseHttpVersion(res)
      else if (!knownMethods.has(req.method!)) refuseUnknownMethod(res)
      else handler(req, res)
    }
  }
  return function handleHttp2Only (req, res): void {
    if (req.httpVersionMajor !== 2) refuseHttpVersion(res)
    else if (!knownMethods.has(req.method!)) refuseUnknownMethod(res)
    else handler(req, res)
  }
}
