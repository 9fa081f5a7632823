// Through app.fetch, an AsyncLocalStorage store a hook enters with `storage.run(store, done)` is still
// the store when the handler runs after the body was read and parsed: a body of declared length (read
// whole), one of unknown length (read from the Web stream), one a raw-stream parser reads as a Node
// stream, and no body — as over a socket (async-local-storage-across-body.test.ts).
import t from 'tap'
import { AsyncLocalStorage } from 'node:async_hooks'
import { enclaveFaces } from './fixtures/faces.js'

function streamOf (text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream({
    start (controller) {
      controller.enqueue(bytes.subarray(0, 3))
      controller.enqueue(bytes.subarray(3))
      controller.close()
    }
  })
}

for (const [face, factory] of enclaveFaces) {
  t.test(`${face}: the store entered in onRequest reaches the handler after the body, through app.fetch`, async (t) => {
    const storage = new AsyncLocalStorage<{ id: number }>()
    const app = factory()
    t.teardown(() => app.close())
    let next = 0
    app.addHook('onRequest', (_request: any, _reply: any, done: () => void) => { storage.run({ id: next++ }, done) })
    app.addContentTypeParser('x/raw', (_request: any, payload: any, done: (error: null, body: string) => void) => {
      let text = ''
      payload.on('data', (chunk: Buffer) => { text += chunk.toString() })
      payload.on('end', () => { done(null, text) })
    })
    app.route({ method: ['GET', 'POST'], url: '/', handler: async (request: any) => ({ store: storage.getStore() ?? null, body: request.body ?? null }) })
    const requests = [
      new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '7' }, body: '{"a":1}' }),
      new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamOf('{"a":2}'), duplex: 'half' } as RequestInit),
      new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'x/raw' }, body: streamOf('raw body'), duplex: 'half' } as RequestInit),
      new Request('http://localhost/')
    ]
    const seen = []
    for (const request of requests) seen.push(await (await app.fetch(request)).json())
    t.same(seen, [
      { store: { id: 0 }, body: { a: 1 } },
      { store: { id: 1 }, body: { a: 2 } },
      { store: { id: 2 }, body: 'raw body' },
      { store: { id: 3 }, body: null }
    ])
  })
}
