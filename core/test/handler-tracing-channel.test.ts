import { test } from 'tap'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { fastify5Faces, enclaveFaces } from './fixtures/faces.js'

const events = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const

/** Records each tracing event as `name`, with what the message held at that moment. */
function record (t: any): Array<Record<string, unknown>> {
  const seen: Array<Record<string, unknown>> = []
  let first: object | null = null
  for (const event of events) {
    const listener = (message: any): void => {
      if (event === 'start') first = message
      seen.push({
        event,
        sameObject: message === first,
        keys: Object.keys(message),
        route: { ...message.route },
        async: message.async,
        error: message.error?.message,
        sent: message.reply.sent,
        hasRequest: typeof message.request.headers === 'object'
      })
    }
    subscribe(`tracing:fastify.request.handler:${event}`, listener)
    t.teardown(() => unsubscribe(`tracing:fastify.request.handler:${event}`, listener))
  }
  return seen
}

const handlers: Record<string, (request: any, reply: any) => unknown> = {
  sends: (request, reply) => { reply.send('s') },
  returns: () => 'v',
  async: async () => 'a',
  throws: () => { throw new Error('boom') },
  rejects: async () => { throw new Error('rejected') }
}

const expected: Record<string, Array<[string, boolean, boolean, string | undefined]>> = {
  // [event, async, reply sent, error]
  sends: [['start', false, false, undefined], ['end', false, true, undefined]],
  returns: [['start', false, false, undefined], ['end', false, true, undefined]],
  async: [['start', false, false, undefined], ['end', true, false, undefined], ['asyncStart', true, false, undefined], ['asyncEnd', true, true, undefined]],
  throws: [['start', false, false, undefined], ['error', false, false, 'boom'], ['end', false, true, 'boom']],
  rejects: [['start', false, false, undefined], ['end', true, false, undefined], ['error', true, false, 'rejected'], ['asyncStart', true, false, 'rejected'], ['asyncEnd', true, true, 'rejected']]
}

for (const [name, factory] of [...fastify5Faces, ...enclaveFaces]) {
  test(`${name}: tracing:fastify.request.handler:* traces the handler, one message per request`, async (t) => {
    const seen = record(t)
    for (const [kind, handler] of Object.entries(handlers)) {
      const app = factory()
      app.get('/items/:id', handler)
      await app.inject('/items/7')
      const events = seen.splice(0)
      t.same(events.map((e) => [e.event, e.async, e.sent, e.error]), expected[kind], kind)
      t.ok(events.every((e) => e.sameObject && e.hasRequest), `${kind}: the same message object, with the request`)
      t.same(events[0]!.keys, ['request', 'reply', 'async', 'route'])
      t.same(events[0]!.route, { url: '/items/:id', method: 'GET' })
      await app.close()
    }
  })

  test(`${name}: no tracing event for a request whose handler does not run`, async (t) => {
    const seen = record(t)
    const app = factory()
    app.get('/early', { preHandler: (request: any, reply: any, done: () => void) => { reply.send('early') } }, () => 'never')
    await app.inject('/early')
    await app.inject('/missing')
    t.same(seen, [])
    await app.close()
  })
}
