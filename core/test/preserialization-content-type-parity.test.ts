// The JSON content type is settled when a payload goes to be serialized, before the preSerialization
// hooks: they see it (`application/json; charset=utf-8`, or the route's JSON type with its charset
// named), and a type a hook sets is sent as it is. reply.serializer()'s output gets none. The same
// on Fastify 4.29 and 5.12 as on every Enclave entry.
import { test } from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

type Factory = (options?: object) => any

const routes: Record<string, (request: any, reply: any) => unknown> = {
  object: async () => ({ a: 1 }),
  number: async (_request, reply) => reply.send(42),
  'json-type-without-charset': async (_request, reply) => { reply.type('application/vnd.x+json;'); return { a: 1 } },
  'retyped-by-the-hook': async () => ({ retype: true }),
  'reply-serializer': async (_request, reply) => { reply.serializer((payload: unknown) => `S:${JSON.stringify(payload)}`); return { a: 1 } },
  'response-schema': async () => ({ a: 1, hidden: true }),
  'thrown-error': async () => { throw Object.assign(new Error('nope'), { statusCode: 409 }) }
}

async function answers (factory: Factory): Promise<unknown[]> {
  const app = factory()
  app.decorateRequest('seenType', null)
  app.addHook('preSerialization', async (request: any, reply: any, payload: any) => {
    request.seenType = reply.getHeader('content-type') ?? 'none'
    if (payload?.retype === true) reply.type('text/plain')
  })
  app.addHook('onSend', async (request: any, reply: any) => { reply.header('x-seen-in-pre-serialization', request.seenType) })
  for (const [name, handler] of Object.entries(routes)) {
    const schema = name === 'response-schema' ? { response: { 200: { type: 'object', properties: { a: { type: 'number' } } } } } : undefined
    app.get(`/${name}`, { schema }, handler)
  }
  const results = []
  for (const name of [...Object.keys(routes), 'not-found']) {
    const res = await app.inject(`/${name}`)
    results.push({ route: name, status: res.statusCode, type: res.headers['content-type'] ?? null, seen: res.headers['x-seen-in-pre-serialization'], order: Object.keys(res.headers).filter((key) => key === 'content-type' || key.startsWith('x-')), body: res.body })
  }
  await app.close()
  return results
}

for (const group of [faces, fastify5Faces]) {
  const [[baseline, baselineFactory], ...entries] = group
  test(`the content type a preSerialization hook sees, as ${baseline} shows it`, async (t) => {
    const expected = await answers(baselineFactory as Factory)
    t.match(expected[0], { type: 'application/json; charset=utf-8', seen: 'application/json; charset=utf-8' }, `${baseline}: an object's JSON type is there already`)
    t.match(expected[3], { type: 'text/plain', seen: 'application/json; charset=utf-8' }, `${baseline}: the hook's type is sent as it is`)
    for (const [name, factory] of entries) t.same(await answers(factory as Factory), expected, name)
  })
}
