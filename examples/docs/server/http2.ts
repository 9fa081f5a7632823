import enclave from '@enclave/core'

// h2c: HTTP/2 without TLS, for a proxy or service mesh in front (browsers speak HTTP/2 only over TLS).
const app = enclave({ http2: true })

app.get('/', async (request, reply) => {
  // Node's HTTP/2 compatibility objects: Http2ServerRequest / Http2ServerResponse.
  reply.header('x-stream-id', String(request.raw.stream.id))
  return { httpVersion: request.raw.httpVersion, authority: request.raw.authority }
})

export default app
