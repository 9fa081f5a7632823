// The instance type follows the HTTP/2 server, as Fastify's generics do. Checked by tsc, never run.
import type { Http2SecureServer, Http2Server, Http2ServerRequest, Http2ServerResponse } from 'node:http2'
import type { Server } from 'node:http'
import enclave, { type EnclaveInstance } from '@enclave/core'
import { assertType, type Equal } from './expect.js'

const h2c = enclave({ http2: true })
const h2cServer: Http2Server = h2c.server
void h2cServer
h2c.get('/', async (request, reply) => {
  // request.raw / reply.raw are Node's HTTP/2 compatibility objects.
  const raw: Http2ServerRequest = request.raw
  const res: Http2ServerResponse = reply.raw
  const authority: string | undefined = raw.authority
  void res.stream
  return authority
})
h2c.addHook('onRequest', async (request) => {
  const stream = request.raw.stream
  void stream
})

const secure = enclave({ http2: true, https: { key: 'k', cert: 'c', allowHTTP1: true } })
const secureServer: Http2SecureServer = secure.server
void secureServer
secure.register(async (child) => {
  child.get('/', async (request) => request.raw.stream.id)
})

// Without http2 the types stay HTTP/1.
const plain = enclave()
assertType<Equal<typeof plain, EnclaveInstance>>()
const plainServer: Server = plain.server
void plainServer
// @ts-expect-error an HTTP/1 request has no HTTP/2 stream
plain.get('/', async (request) => request.raw.stream)
// @ts-expect-error an h2c instance is not over a TLS server
const notSecure: Http2SecureServer = h2c.server
void notSecure
