import t from 'tap'
import Fastify from 'fastify4'
import enclave, { errorCodes } from '@enclave/core'

async function readyOutcome (factory: (options?: any) => any, schema: Record<string, unknown>) {
  const app = factory()
  app.get('/', { schema }, async () => 'x')
  try {
    await app.ready()
    const response = await app.inject('/?a=1')
    return { ready: 'ok', status: response.statusCode }
  } catch (error: any) {
    return { ready: 'failed', code: error.code, message: error.message, statusCode: error.statusCode }
  } finally {
    await app.close()
  }
}

t.test('a route schema with both querystring and query fails ready() with FST_ERR_SCH_DUPLICATE, as in Fastify', async (t) => {
  const schema = () => ({ querystring: { type: 'object' }, query: { type: 'object' } })
  const ours = await readyOutcome(enclave, schema())
  t.same(ours, await readyOutcome(Fastify, schema()))
  t.same(ours, { ready: 'failed', code: 'FST_ERR_SCH_DUPLICATE', message: "Schema with 'querystring' already present!", statusCode: 500 })
  t.equal(errorCodes.FST_ERR_SCH_DUPLICATE.code, 'FST_ERR_SCH_DUPLICATE')
})

t.test('query alone is still the querystring schema, and an empty querystring beside it is no duplicate', async (t) => {
  const queryOnly = () => ({ query: { type: 'object', properties: { a: { type: 'integer' } } } })
  t.same(await readyOutcome(enclave, queryOnly()), await readyOutcome(Fastify, queryOnly()))
  const withNull = () => ({ query: { type: 'object' }, querystring: null })
  t.same(await readyOutcome(enclave, withNull()), await readyOutcome(Fastify, withNull()))
})
