// Fastify 5 answers a body it could not read or parse with `connection: close`, set before the error
// path runs (the client may still be sending); Fastify 4.29 keeps the connection.
import { test } from 'tap'
import { faces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

const cases = [['application/json', '{bad'], ['application/json', ''], ['application/json', '{"__proto__":{"x":1}}'], ['text/callback', 'x'], ['text/async', 'y'], ['text/throws', 'z'], ['application/json', '{"fine":true}']]

async function failures (factory: Factory, requests = cases): Promise<unknown[]> {
  const app = factory()
  const seen: unknown[] = []
  app.addContentTypeParser('text/callback', (_request: unknown, _payload: unknown, done: (error: Error) => void) => { done(new Error('callback parser failed')) })
  app.addContentTypeParser('text/async', { parseAs: 'string' }, async () => { throw Object.assign(new Error('async parser failed'), { statusCode: 422 }) })
  app.addContentTypeParser('text/throws', { parseAs: 'buffer' }, () => { throw new Error('sync parser failed') })
  app.setErrorHandler((error: any, _request: unknown, reply: any) => {
    seen.push([error.message, reply.getHeader('connection') ?? null])
    reply.send(error)
  })
  app.post('/', async (request: any) => request.body)
  const answers = []
  for (const [type, payload] of requests) {
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': type! }, payload })
    answers.push([response.statusCode, response.headers.connection ?? null, Object.keys(response.headers).indexOf('connection')])
  }
  await app.close()
  return [answers, seen]
}

test('fastify@5.12.8 and the v5 face: a body that fails to parse is answered with connection: close, set before the error handler', async (t) => {
  const [answers, seen] = await sameOnBoth(t, failures) as [unknown[], unknown[]]
  t.same(answers.slice(0, 6).map((answer: any) => answer[1]), ['close', 'close', 'close', 'close', 'close', 'close'])
  t.same(answers[6], [200, 'keep-alive', 3])
  t.same(seen[0], ['Body is not valid JSON but content-type is set to \'application/json\'', 'close'])
})

// Without the parser that throws: fastify@4.29.1 lets that escape as an uncaught exception.
const withoutThrowingParser = cases.filter(([type]) => type !== 'text/throws')

for (const [name, factory] of faces) {
  test(`${name}: keeps the connection after a body that fails to parse, as Fastify 4.29`, async (t) => {
    const [answers, seen] = await failures(factory, withoutThrowingParser) as [any[], any[]]
    t.same(answers.map((answer) => answer[1]), Array(6).fill('keep-alive'))
    t.same(seen.map((entry) => entry[1]), Array(5).fill(null))
  })
}
