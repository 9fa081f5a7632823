import t, { type Test } from 'tap'
import enclave, { type EnclaveInstance } from '@enclave/core'
import errorMessage, { type ErrorMessageOptions } from '@enclave/error-message'

const itemsSchema = { type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } }

interface Captured { statusCode: number, validation: Array<{ instancePath: string, keyword: string, params: Record<string, unknown> }>, message: string }

/** An app whose error handler exposes what validation produced: the issue list and the message. */
async function appWithCapture (t: Test, options: ErrorMessageOptions | undefined, schema: unknown): Promise<{ app: EnclaveInstance }> {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(errorMessage, options)
  app.setErrorHandler((error: { validation: unknown[], message: string }, _request, reply) => {
    reply.code(400).send({ statusCode: 400, validation: error.validation, message: error.message })
  })
  app.post('/', { schema: { body: schema } }, () => 'ok')
  return { app }
}

async function capture (app: EnclaveInstance, payload: unknown): Promise<Captured> {
  const response = await app.inject({ method: 'POST', url: '/', payload: payload as Record<string, unknown> })
  return { ...response.json(), statusCode: response.statusCode } as Captured
}

t.test('by default a failing request reports at most 10 errors', async (t) => {
  const { app } = await appWithCapture(t, undefined, itemsSchema)
  const result = await capture(app, { items: Array.from({ length: 5000 }, (_, i) => `x${i}`) })
  t.equal(result.statusCode, 400)
  t.equal(result.validation.length, 10)
  t.same(result.validation.map((issue) => issue.instancePath), Array.from({ length: 10 }, (_, i) => `/items/${i}`), 'the first ten, in order')
  t.equal(result.message.split(', ').length, 10, 'the message is built from the capped list')
})

t.test('maxErrors sets the cap', async (t) => {
  const { app } = await appWithCapture(t, { maxErrors: 3 }, itemsSchema)
  t.equal((await capture(app, { items: ['a', 'b', 'c', 'd', 'e'] })).validation.length, 3)
  const { app: one } = await appWithCapture(t, { maxErrors: 1 }, itemsSchema)
  t.equal((await capture(one, { items: ['a', 'b'] })).message, 'body/items/0 should be integer')
})

t.test('fewer errors than the cap are all reported', async (t) => {
  const { app } = await appWithCapture(t, { maxErrors: 5 }, itemsSchema)
  t.equal((await capture(app, { items: [1, 'b', 3, 'd'] })).validation.length, 2)
})

t.test('the errors a message replaced (params.errors) are capped too', async (t) => {
  const { app } = await appWithCapture(t, { maxErrors: 4 }, { ...itemsSchema, errorMessage: { properties: { items: 'items should all be integers' } } })
  const result = await capture(app, { items: Array.from({ length: 1000 }, () => 'x') })
  t.equal(result.validation.length, 1)
  t.equal(result.validation[0]!.keyword, 'errorMessage')
  t.equal((result.validation[0]!.params.errors as unknown[]).length, 4)
})

t.test('a valid request after a capped failure is unaffected', async (t) => {
  const { app } = await appWithCapture(t, { maxErrors: 2 }, itemsSchema)
  await capture(app, { items: ['a', 'b', 'c'] })
  const response = await app.inject({ method: 'POST', url: '/', payload: { items: [1, '2'] } })
  t.equal(response.statusCode, 200)
})

t.test('a large invalid body answers quickly with a bounded 400', async (t) => {
  const app = enclave({ bodyLimit: 2 * 1024 * 1024 })
  t.teardown(() => app.close())
  await app.register(errorMessage)
  app.post('/', { schema: { body: itemsSchema } }, () => 'ok')
  const payload = JSON.stringify({ items: Array.from({ length: 200_000 }, () => 'x') })
  const started = process.hrtime.bigint()
  const response = await app.inject({ method: 'POST', url: '/', payload, headers: { 'content-type': 'application/json' } })
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6
  t.equal(response.statusCode, 400)
  t.ok(response.body.length < 1000, `bounded answer (${response.body.length} bytes)`)
  t.ok(elapsedMs < 5000, `answered in ${elapsedMs.toFixed(0)} ms`)
})
