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

/** The client leaves a streamed reply after its first chunk: a GET's request is aborted, a POST's whose body was read is not. */
async function leavesSeen (t: Test, factory: Factory, via: Via): Promise<string[]> {
  const app = factory({ forceCloseConnections: true })
  const seen: string[] = []
  let hookRan: () => void = () => {}
  const ran = new Promise<void>((resolve) => { hookRan = resolve })
  let sourceClosed: () => void = () => {}
  app.addHook('onRequestAbort', async (request: { method: string }) => {
    seen.push(`${request.method} /endless`)
    if (request.method === 'GET') hookRan()
  })
  const endless = (_request: unknown, reply: { send: (payload: unknown) => void }): void => {
    const source = new Readable({ read () { this.push('tick\n') } })
    source.on('close', () => sourceClosed())
    reply.send(source)
  }
  app.get('/endless', endless)
  app.post('/endless', endless)
  let base = 'http://localhost'
  let send = async (request: Request): Promise<Response> => await app.fetch(request)
  if (via === 'listen') {
    await app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${app.server.address().port as number}`
    send = async (request) => await fetch(request)
  }
  try {
    for (const method of ['POST', 'GET']) {
      const closed = new Promise<void>((resolve) => { sourceClosed = resolve })
      const leave = new AbortController()
      const body = method === 'POST' ? '{"a":1}' : undefined
      const response = await send(new Request(`${base}/endless`, { method, body, headers: body === undefined ? {} : { 'content-type': 'application/json' }, signal: leave.signal }))
      const reader = response.body!.getReader()
      t.notOk((await reader.read()).done, `${method}: a first chunk`)
      leave.abort()
      await reader.cancel().catch(() => {})
      await closed
    }
    await ran
    return seen
  } finally {
    await app.close()
  }
}

const cases: Array<[string, (t: Test, factory: Factory, via: Via) => Promise<string[]>, string[]]> = [
  ['a reply cut short runs onRequestAbort for a GET, not for a POST whose body was read', abortsSeen, ['GET /late']],
  ['a client leaving a streamed reply aborts a GET, not a POST whose body was read', leavesSeen, ['GET /endless']]
]

for (const [label, factory] of fastify5Faces) {
  const ways: Via[] = label.startsWith('fastify@') ? ['listen'] : ['listen', 'fetch']
  for (const via of ways) {
    for (const [what, seenBy, expected] of cases) {
      t.test(`${label} through ${via}: ${what}`, async (t) => {
        t.same(await seenBy(t, factory, via), expected)
      })
    }
  }
}
