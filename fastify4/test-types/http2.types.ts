// `fastify({ http2: true })` is typed as Fastify types it: the instance is over an HTTP/2 server and
// request.raw / reply.raw are Node's HTTP/2 compatibility objects. Checked by tsc, never run.
import type { IncomingMessage, Server } from 'node:http'
import type { Http2SecureServer, Http2Server, Http2ServerRequest, Http2ServerResponse } from 'node:http2'
import Fastify, { type FastifyInstance, type RawServerDefault } from 'fastify'
import { assertType, type Equal } from './expect.js'

const h2c = Fastify({ http2: true })
const h2cServer: Http2Server = h2c.server
void h2cServer
h2c.get('/', async (request, reply) => {
  const raw: Http2ServerRequest = request.raw
  const res: Http2ServerResponse = reply.raw
  return { authority: raw.authority, stream: res.stream.id }
})
h2c.addHook('onRequest', async (request) => { void request.raw.stream })

const secure = Fastify({ http2: true, https: { key: 'k', cert: 'c', allowHTTP1: true } })
const secureServer: Http2SecureServer = secure.server
void secureServer
assertType<Equal<typeof secure extends FastifyInstance<Http2SecureServer> ? true : false, true>>()

const plain = Fastify()
const plainServer: Server = plain.server
void plainServer
assertType<Equal<typeof plain extends FastifyInstance<RawServerDefault> ? true : false, true>>()
// @ts-expect-error an HTTP/1 request has no HTTP/2 stream
plain.get('/', async (request) => request.raw.stream)

// A raw request type given to the factory types `request.raw`, as Fastify's second type argument does.
interface TracedRequest extends IncomingMessage { traceId: string }
const traced = Fastify<Server, TracedRequest>()
traced.get('/', async (request) => request.raw.traceId.toUpperCase())
