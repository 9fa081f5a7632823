// An AsyncLocalStorage store a hook enters with `storage.run(store, done)` is still the store when
// the handler runs after the body was read and parsed (built-in, buffered and raw-stream parsers),
// over a real socket, as in fastify@4.29.1: the three entries must agree.
import t from 'tap'
import { AsyncLocalStorage } from 'node:async_hooks'
import { faces } from './fixtures/faces.js'

const factories = faces

async function storesSeen (make: (options?: any) => any): Promise<unknown[]> {
  const storage = new AsyncLocalStorage<{ id: number }>()
  const app = make()
  let next = 0
  app.addHook('onRequest', (_request: any, _reply: any, done: () => void) => { storage.run({ id: next++ }, done) })
  app.addContentTypeParser('x/raw', (_request: any, payload: any, done: (error: null, body: string) => void) => {
    let text = ''
    payload.on('data', (chunk: Buffer) => { text += chunk.toString() })
    payload.on('end', () => { done(null, text) })
  })
  app.addContentTypeParser('x/buffered', { parseAs: 'string' }, (_request: any, body: string, done: (error: null, body: string) => void) => {
    setTimeout(() => { done(null, body) }, 1)
  })
  app.route({ method: ['GET', 'POST'], url: '/', handler: async () => ({ store: storage.getStore() ?? null }) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${String(app.server.address().port)}/`
  const seen: unknown[] = []
  try {
    for (const [contentType, body] of [['application/json', '{"a":1}'], ['x/raw', 'abc'], ['x/buffered', 'abc'], ['text/plain', 'hi']]) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType! }, body })
      seen.push(await response.json())
    }
    seen.push(await (await fetch(url)).json())
  } finally {
    await app.close()
  }
  return seen
}

t.test('the store entered in onRequest reaches the handler after the body is parsed, as fastify@4.29.1', async (t) => {
  const expected = [0, 1, 2, 3, 4].map((id) => ({ store: { id } }))
  for (const [name, make] of factories) {
    t.same(await storesSeen(make), expected, name)
  }
})
