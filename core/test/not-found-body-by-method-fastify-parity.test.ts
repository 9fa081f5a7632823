import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

// An unmatched URL is answered by the not-found route whatever the method, and Fastify reads the
// body there by the request's method, as on any route: GET and HEAD never (TRACE, UNLOCK and the
// methods it does not support, by version), POST always.
const methods = ['GET', 'HEAD', 'TRACE', 'UNLOCK', 'PROPFIND', 'POST', 'DELETE']

async function notFoundAnswers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/known', async () => 'known')
  const answers: string[] = []
  for (const method of methods) {
    for (const payload of [undefined, '{"a":1}']) {
      const response = await app.inject({ method, url: '/nope', headers: { 'content-type': 'application/json' }, payload })
      answers.push(`${method} ${payload ?? 'no body'}: ${response.statusCode} ${response.body}`)
    }
  }
  await app.close()
  return answers
}

async function handlerSeesBody (factory: Factory): Promise<string[]> {
  const app = factory()
  app.setNotFoundHandler(async (request: any, reply: any) => reply.code(404).send({ body: request.body ?? null }))
  const answers: string[] = []
  for (const method of methods) {
    const response = await app.inject({ method, url: '/nope', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' })
    answers.push(`${method}: ${response.statusCode} ${response.body}`)
  }
  await app.close()
  return answers
}

for (const [baseline, ...entries] of [faces, fastify5Faces]) {
  const [baseName, baseFactory] = baseline!
  t.test(`an unmatched URL reads the body by the request's method, as ${baseName}`, async (t) => {
    const expected = await notFoundAnswers(baseFactory)
    t.match(expected[0], /^GET no body: 404 /, 'Fastify answers a GET with a JSON type and no body 404')
    for (const [name, factory] of entries) t.same(await notFoundAnswers(factory), expected, name)
  })
  t.test(`a not-found handler gets the body of the methods ${baseName} reads`, async (t) => {
    const expected = await handlerSeesBody(baseFactory)
    for (const [name, factory] of entries) t.same(await handlerSeesBody(factory), expected, name)
  })
}
