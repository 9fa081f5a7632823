// What an onSend hook does to the raw response: a hijack there stops nothing already under way (the
// payload still goes out, as in Fastify), and a head it writes itself makes the reply's own head
// fail as Node fails it: the response is aborted, as Fastify 5 does (4.29 leaves it hanging).
import t from 'tap'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

async function answer (factory: Factory, hook: (reply: any) => void): Promise<string> {
  const app = factory({ logger: false })
  app.addHook('onSend', async (_request: unknown, reply: any, payload: unknown) => {
    hook(reply)
    return payload
  })
  app.get('/', async () => ({ ok: 1 }))
  const outcome = await app.inject('/').then(
    (response: any) => `${String(response.statusCode)} ${String(response.body)}`,
    (error: Error) => `rejected: ${error.message}`
  )
  await app.close()
  return outcome
}

t.test('reply.hijack() in an onSend hook: the payload the hooks leave still goes out, as in Fastify', async (t) => {
  for (const [name, factory] of [...fastify5Faces, ...enclaveFaces]) t.equal(await answer(factory, (reply) => reply.hijack()), '200 {"ok":1}', name)
})

t.test('reply.raw.writeHead() in an onSend hook: the response is aborted with Node\'s error, as in Fastify 5', async (t) => {
  for (const [name, factory] of [...fastify5Faces, ...enclaveFaces]) {
    t.equal(await answer(factory, (reply) => reply.raw.writeHead(202)), 'rejected: Cannot write headers after they are sent to the client', name)
  }
})
