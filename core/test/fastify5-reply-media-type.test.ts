import { test } from 'tap'
import { fastify5Faces, enclaveFaces } from './fixtures/faces.js'

// reply.mediaType (Fastify 5): the reply's Content-Type so far, as its lower-cased type/subtype.
function observe (app: any): void {
  app.get('/', (_request: any, reply: any) => {
    const seen: Record<string, unknown> = { before: reply.mediaType ?? 'undefined' }
    reply.type('Text/HTML; charset=utf-8')
    seen.afterType = reply.mediaType
    reply.header('content-type', 'application/vnd.x+json ; q=1')
    seen.afterHeader = reply.mediaType
    reply.removeHeader('content-type')
    seen.removed = reply.mediaType ?? 'undefined'
    reply.header('content-type', 'garbage')
    seen.malformed = reply.mediaType ?? 'undefined'
    try {
      reply.mediaType = 'text/plain'
      seen.assigned = 'accepted'
    } catch (error) {
      seen.assigned = (error as Error).constructor.name
    }
    reply.header('content-type', 'application/json')
    reply.send(seen)
  })
  app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
    reply.header('x-media-type', String(reply.mediaType))
    return payload
  })
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: reply.mediaType is the Content-Type's type/subtype, lower-cased, undefined without a valid one, read-only`, async (t) => {
    const app = factory()
    observe(app)
    const response = await app.inject('/')
    t.same(response.json(), { before: 'undefined', afterType: 'text/html', afterHeader: 'application/vnd.x+json', removed: 'undefined', malformed: 'undefined', assigned: 'TypeError' })
    t.equal(response.headers['x-media-type'], 'application/json')
    await app.close()
  })
}

test('enclave() has reply.mediaType; the Fastify v4 face keeps Fastify 4.29\'s reply, without it', async (t) => {
  for (const [name, factory] of enclaveFaces) {
    const app = factory()
    app.get('/', (_request: any, reply: any) => {
      reply.type('text/plain')
      reply.send(String('mediaType' in reply ? reply.mediaType : 'absent'))
    })
    const response = await app.inject('/')
    t.equal(response.body, name === 'enclave()' ? 'text/plain' : 'absent', name)
    await app.close()
  }
})
