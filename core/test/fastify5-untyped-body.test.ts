import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** DELETE and OPTIONS requests that carry a body without a Content-Type: status, payload and what the handler saw. */
async function untypedBodies (factory: Factory): Promise<unknown[]> {
  const app = factory()
  const seen: unknown[] = []
  // An onSend hook on the way out, as in Fastify's own case: the request is there for it either way.
  app.addHook('onSend', (request: any, _reply: unknown, _payload: unknown, done: () => void) => {
    seen.push(typeof request.raw === 'object' && typeof request.query === 'object')
    done()
  })
  const handler = (request: any, reply: any): void => {
    seen.push(request.body === undefined ? 'no body' : request.body)
    reply.send('handled')
  }
  app.delete('/', handler)
  app.options('/', handler)
  const answers: unknown[] = []
  for (const method of ['DELETE', 'OPTIONS']) {
    const response = await app.inject({ method, url: '/', payload: 'first-name=OPTIONS&last-name=METHOD' })
    answers.push([method, response.statusCode, response.body])
  }
  await app.close()
  return [answers, seen]
}

const unsupported = JSON.stringify({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: 'Unsupported Media Type' })

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a DELETE or OPTIONS body without a Content-Type is read, and refused with a 415`, async (t) => {
    t.same(await untypedBodies(factory), [[['DELETE', 415, unsupported], ['OPTIONS', 415, unsupported]], [true, true]])
  })
}

// Fastify 4.29 reads a DELETE or OPTIONS body only when it names its type: the handler runs without it.
for (const [name, factory] of faces) {
  test(`${name}: a DELETE or OPTIONS body without a Content-Type is left unread, the handler runs`, async (t) => {
    t.same(await untypedBodies(factory), [[['DELETE', 200, 'handled'], ['OPTIONS', 200, 'handled']], ['no body', true, 'no body', true]])
  })
}
