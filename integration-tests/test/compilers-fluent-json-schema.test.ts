import t from 'tap'
import Fastify from 'fastify4'
import { S } from 'fluent-json-schema'
import enclave from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]
type Factory = (options?: any) => any

/** The same fluent-json-schema app on fastify@4.29.1 and on enclave() (Fastify's wording asked for). */
async function observe (t: Test, factory: Factory, options?: Record<string, unknown>) {
  const app = factory(options)
  t.teardown(() => app.close())
  const schema: Record<string, any> = {
    body: S.object().prop('name', S.string().required()).prop('tag', S.ref('tag#')),
    querystring: S.object().prop('n', S.integer()),
    headers: S.object().prop('x-k', S.string()),
    response: { 200: S.object().prop('ok', S.boolean()).prop('n', S.integer()) }
  }
  app.addSchema(S.object().id('tag').prop('label', S.string()))
  app.post('/', { schema }, async (request: any) => ({ ok: true, n: request.query.n, dropped: 'by the response schema' }))
  await app.ready()
  const send = async (url: string, payload: unknown) => {
    const response = await app.inject({ method: 'POST', url, payload })
    return [response.statusCode, response.body]
  }
  return {
    valid: await send('/?n=2', { name: 'a', tag: { label: 1 } }),
    missing: await send('/', {}),
    badQuery: await send('/?n=x', { name: 'a' }),
    shared: app.getSchema('tag'),
    // Fastify replaces the builders in the route's schema with the JSON Schema they build.
    routeSchema: JSON.parse(JSON.stringify(schema)),
    isStillFluent: schema.body.isFluentSchema === true
  }
}

t.test('fluent-json-schema objects are accepted wherever a schema is: request parts, responses, addSchema', async (t) => {
  const theirs = await observe(t, Fastify as unknown as Factory)
  const ours = await observe(t, enclave as unknown as Factory, { validationPayload: 'fastify' })
  t.strictSame(ours, theirs)
  t.strictSame(ours.valid, [200, '{"ok":true,"n":2}'])
  t.strictSame(ours.missing, [400, '{"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"body must have required property \'name\'"}'])
  t.equal(ours.isStillFluent, false)
})
