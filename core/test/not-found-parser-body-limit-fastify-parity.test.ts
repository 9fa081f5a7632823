import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A content-type parser with a bodyLimit of its own (@fastify/formbody's `bodyLimit` option gives
 * one), and bodies over it sent to a route and to unknown URLs: with the default not-found handler,
 * with one of the app's, and through app.fetch() where there is one.
 */
async function parserLimitOnNotFound (factory: Factory, custom: boolean): Promise<unknown> {
  const app = factory()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 10 }, (request: unknown, body: string, done: (error: null, body: unknown) => void) => {
    done(null, { length: body.length })
  })
  if (custom) {
    app.setNotFoundHandler((request: { url: string, body: unknown }, reply: { code: (status: number) => { send: (payload: unknown) => void } }) => {
      reply.code(404).send({ missing: request.url, body: request.body ?? null })
    })
  }
  app.post('/form', async (request: { body: unknown }) => request.body)
  app.register(async (child: { post: (url: string, handler: () => unknown) => void }) => {
    child.post('/known', async () => 'known')
  }, { prefix: '/child' })
  const form = { 'content-type': 'application/x-www-form-urlencoded' }
  const answers = []
  for (const url of ['/form', '/nowhere', '/child/nowhere']) {
    for (const payload of ['a=1', 'a='.padEnd(40, 'x')]) {
      const res = await app.inject({ method: 'POST', url, headers: form, payload })
      answers.push([url, payload.length, res.statusCode, res.json()])
    }
  }
  if (typeof app.fetch === 'function') {
    const res = await app.fetch(new Request('http://localhost/nowhere', { method: 'POST', headers: form, body: 'a='.padEnd(40, 'x') }))
    answers.push(['fetch /nowhere', 40, res.status, await res.json()])
  }
  await app.close()
  return answers
}

function expected (custom: boolean, viaFetch: boolean): unknown[] {
  const tooLarge = { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large' }
  const missing = (url: string, length: number): unknown => custom
    ? { missing: url, body: { length } }
    : { message: `Route POST:${url} not found`, error: 'Not Found', statusCode: 404 }
  const answers = [
    ['/form', 3, 200, { length: 3 }],
    ['/form', 40, 413, tooLarge],
    ['/nowhere', 3, 404, missing('/nowhere', 3)],
    // Fastify's not-found route reads the body with the server's limit, not the parser's.
    ['/nowhere', 40, 404, missing('/nowhere', 40)],
    ['/child/nowhere', 3, 404, missing('/child/nowhere', 3)],
    ['/child/nowhere', 40, 404, missing('/child/nowhere', 40)]
  ]
  if (viaFetch) answers.push(['fetch /nowhere', 40, 404, missing('/nowhere', 40)])
  return answers
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const viaFetch = !name.startsWith('fastify@')
  for (const custom of [false, true]) {
    test(`${name}: a not-found route reads a body past its parser's bodyLimit (${custom ? 'the app\'s' : 'the default'} not-found handler)`, async (t) => {
      t.same(await parserLimitOnNotFound(factory, custom), expected(custom, viaFetch))
    })
  }
}
