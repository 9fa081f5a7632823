// A streamed reply whose source fails after its head went out: over a socket the connection is
// destroyed, and Node reports a request whose body was not read to its end as aborted, so the
// onRequestAbort hooks run (fastify@5.12.8 too). Through app.fetch() the request ends the same way.
import t, { type Test } from 'tap'
import { Readable } from 'node:stream'
import { fastify5Faces, type Factory } from './fixtures/faces.js'

type Via = 'listen' | 'fetch'

async function abortsSeen (t: Test, factory: Factory, via: Via): Promise<string[]> {
  // Node's fetch keeps its connections open: close() ends them rather than wait for their timeout.
  const app = factory({ forceCloseConnections: true })
  const seen: string[] = []
  let hookRan: () => void = () => {}
  const ran = new Promise<void>((resolve) => { hookRan = resolve })
  app.addHook('onRequestAbort', async (request: { method: string, url: string }) => {
    seen.push(`${request.method} ${request.url}`)
    if (request.method === 'GET') hookRan()
  })
  // The source fails once the test has the head, as a disk read failing mid-file.
  let failSource: () => void = () => {}
  const failLate = (_request: unknown, reply: { type: (type: string) => { send: (payload: unknown) => void } }): void => {
    let sent = false
    const source = new Readable({
      read () {
        if (!sent) this.push('first bytes\n')
        sent = true
      }
    })
    failSource = () => source.destroy(new Error('the disk went away'))
    reply.type('text/plain').send(source)
  }
  app.get('/late', failLate)
  app.post('/late', failLate)

  let send: (method: string, body?: string) => Promise<Response>
  if (via === 'listen') {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${app.server.address().port as number}`
    send = async (method, body) => await fetch(`${base}/late`, { method, body, headers: body === undefined ? {} : { 'content-type': 'application/json' } })
  } else {
    send = async (method, body) => await app.fetch(new Request('http://localhost/late', { method, body, headers: body === undefined ? {} : { 'content-type': 'application/json' } }))
  }
  try {
    // A body read to its end: no abort, as Node's request closed once it was read.
    for (const [method, body] of [['POST', '{"a":1}'], ['GET', undefined]] as const) {
      const response = await send(method, body)
      t.equal(response.status, 200)
      failSource()
      await t.rejects(response.text(), `${method}: the body fails, never passes as complete`)
    }
    await ran
    return seen
  } finally {
    await app.close()
  }
}

for (const [label, factory] of fastify5Faces) {
  const ways: Via[] = label.startsWith('fastify@') ? ['listen'] : ['listen', 'fetch']
  for (const via of ways) {
    t.test(`${label} through ${via}: a reply cut short runs onRequestAbort for a GET, not for a POST whose body was read`, async (t) => {
      t.same(await abortsSeen(t, factory, via), ['GET /late'])
    })
  }
}
