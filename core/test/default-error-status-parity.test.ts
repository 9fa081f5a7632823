import { test } from 'tap'
import { createRequire } from 'node:module'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

// The status the default error handler gives an error from its `statusCode` and `status`, after
// an error handler that set a status or none, compared with each face's Fastify.
const require = createRequire(import.meta.url)
const fastify4 = (options?: unknown): any => (require('fastify4') as Factory)(options)
const fastify5 = (options?: unknown): any => (require('fastify5') as Factory)(options)
const fastify4Face = enclaveFaces[1]![1]
const enclave = enclaveFaces[0]![1]

type Pair = [unknown, unknown]
// Pairs every Fastify answers with a status it can send: values from 400 to 599, numeric strings,
// values out of range or of other types beside them.
const pairs: Pair[] = [
  [undefined, undefined], [418, undefined], ['418', undefined], ['418x', undefined], [302, undefined], [100, undefined],
  [0, undefined], [-1, undefined], [null, undefined], [undefined, 418], [undefined, '422'], [302, 418], [418, 422],
  ['abc', 422], [204, 503]
]
const handlers: Array<[string, ((error: unknown, request: unknown, reply: any) => void) | null]> = [
  ['no error handler', null],
  ['a handler that sends the error on', (error, _request, reply) => { reply.send(error) }],
  ['a handler that sets 500 first', (error, _request, reply) => { reply.code(500).send(error) }],
  ['a handler that sets 404 first', (error, _request, reply) => { reply.code(404).send(error) }]
]

async function statuses (factory: Factory, handler: ((error: unknown, request: unknown, reply: any) => void) | null): Promise<string[]> {
  const app = factory()
  if (handler !== null) app.setErrorHandler(handler)
  app.get('/:index', async (request: { params: { index: string } }) => {
    const [statusCode, status] = pairs[Number(request.params.index)]!
    const error = new Error('failed') as Error & { statusCode?: unknown, status?: unknown }
    if (statusCode !== undefined) error.statusCode = statusCode
    if (status !== undefined) error.status = status
    throw error
  })
  const seen: string[] = []
  for (let index = 0; index < pairs.length; index++) {
    const response = await app.inject({ method: 'GET', url: `/${index}` })
    seen.push(`${JSON.stringify(pairs[index])} ${response.statusCode} ${String(response.json().statusCode)}`)
  }
  await app.close()
  return seen
}

for (const [name, handler] of handlers) {
  test(`the default error status, ${name}: @enclave/fastify as fastify@5.12.8`, async (t) => {
    t.same(await statuses(fastify5Face[1], handler), await statuses(fastify5, handler))
  })
  test(`the default error status, ${name}: @enclave/fastify4 as fastify@4.29.1`, async (t) => {
    t.same(await statuses(fastify4Face, handler), await statuses(fastify4, handler))
  })
}

test('what the two Fastify versions disagree on, checked on the faces', async (t) => {
  const v5 = await statuses(fastify5Face[1], handlers[2]![1])
  const v4 = await statuses(fastify4Face, handlers[2]![1])
  // Fastify 5 prefers `statusCode`, Fastify 4.29 `status`, once the reply has a status of its own.
  t.equal(v5[12], '[418,422] 418 418')
  t.equal(v4[12], '[418,422] 422 422')
  // Fastify 5 passes over a `statusCode` out of range for a `status` in range.
  t.equal((await statuses(fastify5Face[1], null))[11], '[302,418] 418 418')
})

test('a status Fastify 4.29 cannot answer with is passed over, not sent or crashed on', async (t) => {
  for (const factory of [fastify4Face, enclave]) {
    const app = factory()
    app.get('/', async (request: { query: { sc: string, st?: string } }) => {
      const error = new Error('failed') as Error & { statusCode?: unknown, status?: unknown }
      error.statusCode = Number(request.query.sc)
      if (request.query.st !== undefined) error.status = Number(request.query.st)
      throw error
    })
    t.equal((await app.inject('/?sc=1000')).statusCode, 500, 'past 999: 500, the process lives on')
    t.equal((await app.inject('/?sc=600')).statusCode, 500)
    t.equal((await app.inject('/?sc=600&st=503')).statusCode, 503, 'the error\'s status from 400 to 599 instead')
    t.equal((await app.inject('/?sc=404.5')).statusCode, 500, 'not an integer: 500')
    await app.close()
  }
})
