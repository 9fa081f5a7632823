// onRequestAbort over a socket runs only when the client leaves: Node closes a request whose body was
// read to its end before the answer is written, and that is not the client leaving (fastify@5.12.8
// runs no hook then).
import t from 'tap'
import { Readable } from 'node:stream'
import { fastify5Faces } from './fixtures/faces.js'

for (const [label, factory] of fastify5Faces) {
  t.test(`${label}: a request whose body was read runs no onRequestAbort; a client leaving a stream does`, async (t) => {
    // Node's fetch keeps its connections open: close() ends them rather than wait for their timeout.
    const app = factory({ forceCloseConnections: true })
    const aborted: string[] = []
    let leftStream: () => void = () => {}
    const left = new Promise<void>((resolve) => { leftStream = resolve })
    app.addHook('onRequestAbort', async (request: { url: string }) => {
      aborted.push(request.url)
      if (request.url === '/endless') leftStream()
    })
    app.post('/echo', async (request: { body: unknown }) => request.body)
    app.get('/endless', (request: unknown, reply: { send: (payload: unknown) => void }) => {
      reply.send(new Readable({ read () { this.push('tick\n') } }))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.teardown(() => app.close())
    const base = `http://127.0.0.1:${app.server.address().port as number}`

    for (const body of ['{"a":1}', JSON.stringify({ big: 'x'.repeat(200_000) })]) {
      const response = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      t.equal(response.status, 200)
      t.equal(await response.text(), body)
    }
    t.same(aborted, [], 'answered requests are not aborts')

    const controller = new AbortController()
    const streamed = await fetch(`${base}/endless`, { signal: controller.signal })
    await streamed.body!.getReader().read()
    controller.abort()
    await left
    t.same(aborted, ['/endless'])
  })
}
