// A Web Response sent as the payload gives each set-cookie field apart: every one is sent, after
// the ones the reply set, as fastify@5.12.8 and 4.29.1 do (reply.header() for each field).
import t from 'tap'
import { faces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

async function cookiesOf (factory: Factory): Promise<unknown> {
  const app = factory()
  app.get('/', async (_request: unknown, reply: { header: (name: string, value: string) => unknown, send: (payload: unknown) => unknown }) => {
    const headers = new Headers({ 'content-type': 'text/plain', 'x-made': 'response' })
    headers.append('set-cookie', 'a=1; Path=/')
    headers.append('set-cookie', 'b=2; Path=/')
    reply.header('set-cookie', 'before=0')
    return reply.send(new Response('made', { status: 201, headers }))
  })
  const res = await app.inject('/')
  await app.close()
  return { status: res.statusCode, cookies: res.headers['set-cookie'], made: res.headers['x-made'], body: res.body }
}

t.test('v5 face: every set-cookie field of a Response is sent', async (t) => {
  const seen = await sameOnBoth(t, cookiesOf)
  t.same(seen, { status: 201, cookies: ['before=0', 'a=1; Path=/', 'b=2; Path=/'], made: 'response', body: 'made' })
})

t.test('v4 faces: likewise, as fastify@4.29.1', async (t) => {
  const [[, fastify4], ...enclaves] = faces
  const expected = await cookiesOf(fastify4!)
  t.same(expected, { status: 201, cookies: ['before=0', 'a=1; Path=/', 'b=2; Path=/'], made: 'response', body: 'made' })
  for (const [label, factory] of enclaves) t.same(await cookiesOf(factory), expected, label)
})
