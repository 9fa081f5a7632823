// A Web request whose body has no declared length: the first chunk says whether there is a body.
// Deno's server hands a DELETE or PATCH without a body an (empty) body stream; such a request is
// bodiless, as on the wire, while one with bytes is read as a chunked body.
import t from 'tap'
import { enclaveFaces } from './fixtures/faces.js'

function streamOf (...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start (controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    }
  })
}

for (const [face, factory] of enclaveFaces) {
  t.test(`${face}: an empty body stream of unknown length is no body; one with bytes is chunked`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    app.route({ method: ['DELETE', 'PATCH', 'POST'], url: '/things', handler: async (request: any) => ({ body: request.body ?? null, te: request.headers['transfer-encoding'] ?? null, length: request.headers['content-length'] ?? null }) })
    for (const method of ['DELETE', 'PATCH']) {
      const response = await app.fetch(new Request('http://localhost/things', { method, body: streamOf(), duplex: 'half' } as RequestInit))
      t.equal(response.status, 200, `${method} without bytes reaches its handler (no 415 for a missing content type)`)
      t.same(await response.json(), { body: null, te: null, length: null }, `${method}: nothing announced`)
    }
    const empties = await app.fetch(new Request('http://localhost/things', { method: 'PATCH', body: streamOf('', ''), duplex: 'half' } as RequestInit))
    t.equal(empties.status, 200, 'empty chunks are no bytes')
    const withBytes = await app.fetch(new Request('http://localhost/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamOf('', '{"a"', ':1}'), duplex: 'half' } as RequestInit))
    t.same(await withBytes.json(), { body: { a: 1 }, te: 'chunked', length: null }, 'bytes after an empty chunk: read whole, announced chunked')
  })
}
