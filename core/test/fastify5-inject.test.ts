import { test } from 'tap'
import { Readable } from 'node:stream'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

/** What a route sees of an injected request: its method and the length header inject() wrote. */
async function injected (factory: Factory, methods: string[]): Promise<unknown[]> {
  const app = factory()
  app.addContentTypeParser('*', (_request: unknown, _payload: unknown, done: (error: null, body: null) => void) => { done(null, null) })
  app.route({
    method: methods,
    url: '/',
    handler: (request: any) => ({ method: request.method, length: request.headers['content-length'] ?? null })
  })
  const outcomes: unknown[] = []
  for (const options of [
    { method: 'POST', url: '/', payload: Readable.from(['ab', 'cd']) },
    { method: 'QUERY', url: '/', headers: { 'content-type': 'text/plain' }, payload: 'q' }
  ]) {
    try {
      const response = await app.inject(options)
      outcomes.push([response.statusCode, response.json()])
    } catch (error: any) {
      outcomes.push({ thrown: error.message })
    }
  }
  await app.close()
  return outcomes
}

test('inject() is light-my-request 6 on the v5 face: a QUERY request, a stream body without a content-length', async (t) => {
  const expected = await sameOnBoth(t, async (factory) => await injected(factory, ['POST', 'QUERY']))
  t.same(expected, [
    [200, { method: 'POST', length: null }],
    [200, { method: 'QUERY', length: '1' }]
  ])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: inject() stays light-my-request 5, as Fastify 4.29's: a stream body is measured, QUERY is refused`, async (t) => {
    // Fastify 4.29 has no QUERY route: light-my-request 5 refuses the method before any routing.
    t.same(await injected(factory, ['POST']), [
      [200, { method: 'POST', length: '4' }],
      { thrown: 'must be equal to one of the allowed values' }
    ])
  })
}
