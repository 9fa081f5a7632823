// @fastify/sse 0.6 (Server-Sent Events, Fastify 5 only) on fastify@5.12.8 and on @enclave/fastify:
// an `sse: 'only'` route streams formatted events (id, event, retry, JSON data; a string as it is)
// and an async generator; it refuses a client that accepts only JSON with 406; a `dual` route
// answers JSON to that client and events to one asking for text/event-stream; `Last-Event-ID`
// drives replay.
import t from 'tap'
import sse from '@fastify5/sse'
import { onFastify5 } from '../helpers/fastify5.js'

async function * ticks (): AsyncGenerator<{ id: string, data: number }> {
  for (let i = 1; i <= 3; i++) yield { id: String(i), data: i }
}

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(sse, { heartbeatInterval: 60_000 })
  app.get('/events', { sse: 'only' }, async (_request: any, reply: any) => {
    await reply.sse.send({ id: '7', event: 'update', data: { message: 'hi' }, retry: 1000 })
    await reply.sse.send('plain')
  })
  app.get('/ticks', { sse: 'only' }, async (_request: any, reply: any) => {
    await reply.sse.send(ticks())
  })
  app.get('/data', { sse: 'dual' }, async (_request: any, reply: any) => {
    if (reply.sse) {
      await reply.sse.send({ data: { n: 1 } })
      return
    }
    return { n: 1 }
  })
  app.get('/replay', { sse: 'only' }, async (_request: any, reply: any) => {
    await reply.sse.replay(async (lastEventId: string) => {
      await reply.sse.send({ id: 'r', data: `after ${lastEventId}` })
    })
    await reply.sse.send({ id: 'n', data: 'new' })
  })
  return app
}, async (t, app) => {
  t.test('an SSE route sends formatted events with the stream headers', async (t) => {
    const res = await app.inject({ url: '/events', headers: { accept: 'text/event-stream' } })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], 'text/event-stream')
    t.equal(res.headers['cache-control'], 'no-cache')
    t.equal(res.body, 'id: 7\nevent: update\ndata: {"message":"hi"}\nretry: 1000\n\ndata: plain\n\n')
  })

  t.test('an async generator becomes one event per item', async (t) => {
    const res = await app.inject('/ticks')
    t.equal(res.statusCode, 200)
    t.equal(res.body, 'id: 1\ndata: 1\n\nid: 2\ndata: 2\n\nid: 3\ndata: 3\n\n')
  })

  t.test('an SSE-only route refuses a JSON-only client with 406', async (t) => {
    const res = await app.inject({ url: '/events', headers: { accept: 'application/json' } })
    t.equal(res.statusCode, 406)
  })

  t.test('a dual route answers JSON or events by the Accept header', async (t) => {
    const json = await app.inject({ url: '/data', headers: { accept: 'application/json' } })
    t.equal(json.statusCode, 200)
    t.same(json.json(), { n: 1 })
    const events = await app.inject({ url: '/data', headers: { accept: 'text/event-stream' } })
    t.equal(events.headers['content-type'], 'text/event-stream')
    t.equal(events.body, 'data: {"n":1}\n\n')
  })

  t.test('Last-Event-ID is handed to the replay callback', async (t) => {
    const res = await app.inject({ url: '/replay', headers: { 'last-event-id': '41' } })
    t.equal(res.body, 'id: r\ndata: "after 41"\n\nid: n\ndata: "new"\n\n')
    const fresh = await app.inject('/replay')
    t.equal(fresh.body, 'id: n\ndata: "new"\n\n')
  })
})
