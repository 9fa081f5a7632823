import t from 'tap'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { rawRequest } from './fixtures/raw-http1.js'
import type { Factory } from './fixtures/faces.js'

// Fastify 5's router refuses a request target it cannot route (400 FST_ERR_BAD_URL) before it looks
// at routes, so the answer must not depend on whether some route has the request's method.
const targets = [
  '*admin', 'ftp://example.com/m', 'http:///m', 'http://[::1/m', 'http://localhost/m#frag', 'http://localhost?q#',
  'http://localhost/%zz', 'http://localhost/%zz?a=1', '/%zz?a=1', '/m#%zz', '*', 'http://localhost?a=%zz', 'HTTP://localhost/m'
]

async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/m', async () => 'm')
  app.get('/admin', async () => 'admin')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port: number = app.server.address().port
  const seen: string[] = []
  try {
    for (const method of ['GET', 'DELETE', 'QUERY', 'PROPFIND']) {
      for (const target of targets) {
        const answer = await rawRequest(port, method, target, ['Content-Type: text/plain'])
        seen.push(`${method} ${target}: ${answer.statusCode} ${answer.body}`)
      }
    }
  } finally {
    await app.close()
  }
  return seen
}

t.test('a target the router cannot use is a 400 FST_ERR_BAD_URL for every method, as fastify@5.12.8', async (t) => {
  const expected = await sameOnBoth(t, answers)
  t.ok(expected.includes(`QUERY http://localhost/m#frag: 400 ${JSON.stringify({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: "'http://localhost/m#frag' is not a valid url component", statusCode: 400 })}`))
})
