import { test } from 'tap'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

/** An async hook sets a header Node refuses: the onError hooks each failure reaches, and the answer. */
async function invalidHeaderInHook (factory: Factory): Promise<unknown[]> {
  const outcomes = []
  for (const hook of ['preSerialization', 'onSend']) {
    const app = factory()
    const seen: unknown[] = []
    app.addHook(hook, async (_request: unknown, reply: any, payload: unknown) => {
      reply.header('X-Invalid', '\n')
      return payload
    })
    app.addHook('onError', (_request: unknown, _reply: unknown, error: any, done: () => void) => {
      seen.push(error.code)
      done()
    })
    app.get('/', async () => ({ ok: true }))
    const response = await app.inject('/')
    outcomes.push([hook, response.statusCode, response.json().code, response.headers['x-invalid'], seen])
    await app.close()
  }
  return outcomes
}

test('an invalid header from an async preSerialization/onSend hook: the error reply fails too, onError runs for each', async (t) => {
  t.same(await sameOnBoth(t, invalidHeaderInHook), [
    ['preSerialization', 500, 'ERR_INVALID_CHAR', undefined, ['ERR_INVALID_CHAR', 'ERR_INVALID_CHAR']],
    ['onSend', 500, 'ERR_INVALID_CHAR', undefined, ['ERR_INVALID_CHAR', 'ERR_INVALID_CHAR']]
  ])
})

for (const [name, factory] of enclaveFaces) {
  // Fastify 4.29 crashes the process here; these entries answer the error once (the "What differs" crash row).
  test(`${name}: an invalid header from an async hook is answered 500, onError once`, async (t) => {
    t.same(await invalidHeaderInHook(factory), [
      ['preSerialization', 500, 'ERR_INVALID_CHAR', undefined, ['ERR_INVALID_CHAR']],
      ['onSend', 500, 'ERR_INVALID_CHAR', undefined, ['ERR_INVALID_CHAR']]
    ])
  })
}

// Fastify 4.29 crashes the process with the writeHead error (uncaught).
for (const [name, factory] of [...fastify5Faces, ...enclaveFaces]) {
  test(`${name}: a writeHead that throws aborts the response; the process and server carry on`, async (t) => {
    const app = factory()
    app.addHook('onSend', async (_request: unknown, reply: any, payload: unknown) => {
      reply.raw.writeHead = function refuse () {
        throw Object.assign(new Error('Cannot write headers after they are sent to the client'), { code: 'ERR_HTTP_HEADERS_SENT' })
      }
      return payload
    })
    app.get('/', async () => 'ok')
    app.get('/empty', async (_request: unknown, reply: any) => { reply.header('x-a', 'a').send() })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${app.server.address().port as number}`
    await t.rejects(fetch(`${base}/`))
    await t.rejects(fetch(`${base}/empty`))
    t.equal(app.server.listening, true)
    await app.close()
  })
}
