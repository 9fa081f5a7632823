import t from 'tap'
import { Readable } from 'node:stream'
import { faces } from './fixtures/faces.js'

t.test('reply.code() takes any number from 100 to 599, a fraction dropped when the head is written, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    app.get('/:code', (request: any, reply: any) => { reply.code(Number(request.params.code)).send('x') })
    const seen = []
    for (const code of ['404.5', '200.9', '99.9', '599.9', 'NaN']) {
      const response = await app.inject('/' + code)
      seen.push([response.statusCode, response.statusCode === 500 ? response.json().code : response.body])
    }
    results.push(seen)
    t.same(seen, results[0], name)
    await app.close()
  }
  t.same(results[0], [[404, 'x'], [200, 'x'], [500, 'FST_ERR_BAD_STATUS_CODE'], [500, 'FST_ERR_BAD_STATUS_CODE'], [500, 'FST_ERR_BAD_STATUS_CODE']])
})

t.test('shortcut route arguments are checked as Fastify 4.29 checks them', async (t) => {
  const declare = (factory: (options?: any) => any, args: unknown[]): string => {
    const app = factory()
    try {
      app.get(...args)
      return 'accepted'
    } catch (error: any) {
      return error.code
    }
  }
  const handler = (): string => 'x'
  const cases: unknown[][] = [
    ['/a', [], handler],
    ['/b', () => {}, handler],
    ['/c', []],
    ['/d', 'options'],
    ['/e', 1],
    ['/f', null],
    ['/g', {}],
    ['/h', { handler }, handler],
    ['/i', { schema: {} }, handler]
  ]
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const seen = cases.map((args) => declare(factory, args))
    results.push(seen)
    t.same(seen, results[0], name)
  }
  t.same(results[0], [
    'FST_ERR_ROUTE_OPTIONS_NOT_OBJ', 'FST_ERR_ROUTE_OPTIONS_NOT_OBJ', 'FST_ERR_ROUTE_MISSING_HANDLER', 'FST_ERR_ROUTE_MISSING_HANDLER',
    'FST_ERR_ROUTE_MISSING_HANDLER', 'FST_ERR_ROUTE_MISSING_HANDLER', 'FST_ERR_ROUTE_MISSING_HANDLER', 'FST_ERR_ROUTE_DUPLICATED_HANDLER', 'accepted'
  ])
})

t.test('a web Response whose body was already read answers 500 FST_ERR_REP_RESPONSE_BODY_CONSUMED, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    app.get('/', async (_request: any, reply: any) => {
      const response = new Response(Readable.toWeb(Readable.from([Buffer.from('hello')])) as ReadableStream, { status: 200, headers: { hello: 'world' } })
      await response.text()
      return reply.send(response)
    })
    const response = await app.inject('/')
    t.equal(response.statusCode, 500, name)
    t.equal(response.json().code, 'FST_ERR_REP_RESPONSE_BODY_CONSUMED', name)
    t.equal(response.json().message, 'Response.body is already consumed.', name)
    await app.close()
  }
})
