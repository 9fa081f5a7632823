import type { Http2SecureServer, Http2Server, Http2ServerRequest, Http2ServerResponse } from 'node:http2'
import type { DecorationCarrier } from './decorations.js'
import type { EnclaveInstance } from './instance.js'
import type { EnclaveOptions } from './options.js'

/** `enclave({ http2: true })`: h2c. */
export interface EnclaveHttp2Options extends EnclaveOptions {
  http2: true
  https?: null
}

/** `enclave({ http2: true, https: { key, cert, allowHTTP1? } })`: HTTP/2 over TLS. */
export interface EnclaveHttp2SecureOptions extends EnclaveOptions {
  http2: true
  https: Record<string, unknown> & { allowHTTP1?: boolean }
}

/**
 * An instance over an HTTP/2 server, as Fastify's generics give it: `server` is the HTTP/2 server,
 * and every route's `request.raw` / `reply.raw` are Node's HTTP/2 compatibility objects.
 */
export type EnclaveHttp2Instance<S extends Http2Server | Http2SecureServer = Http2Server> =
  EnclaveInstance & DecorationCarrier<{ raw: Http2ServerRequest }, { raw: Http2ServerResponse }> & { readonly server: S }
