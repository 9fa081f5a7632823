import t from 'tap'
import enclave from '@enclave/core'
import Fastify from 'fastify4'
import swagger from '@fastify/swagger'
import { z } from 'zod'
import { jsonSchemaTransform, jsonSchemaTransformObject, openapiTransforms } from '@enclave/compiler-kit'
import { validatorCompiler as zodCompiler } from '@enclave/zod'

type Documented = { swagger: () => any, ready: () => Promise<unknown>, close: () => Promise<unknown> }

async function documentOf (app: Documented): Promise<any> {
  await app.ready()
  return JSON.parse(JSON.stringify(app.swagger()))
}

/** JSON Schema routes only: what a Fastify app already has. */
function declareJsonSchemaRoutes (app: any): void {
  app.addSchema({ $id: 'Item', type: 'object', properties: { id: { type: 'integer' }, note: { type: 'string' } } })
  app.get('/items/:id', {
    schema: { params: { type: 'object', properties: { id: { type: 'integer' } } }, response: { 200: { $ref: 'Item#' } } }
  }, async () => ({ id: 1 }))
  app.post('/items', { schema: { body: { $ref: 'Item#' }, response: { 201: { content: { 'application/json': { schema: { $ref: 'Item#' } } } } } } }, async () => ({ id: 1 }))
}

t.test('routes written in JSON Schema document exactly as on Fastify 4 without the transforms', async (t) => {
  const fastify = Fastify()
  await fastify.register(swagger, { openapi: { info: { title: 't', version: '1' } } })
  declareJsonSchemaRoutes(fastify)
  const app = enclave()
  await app.register(swagger, { openapi: { info: { title: 't', version: '1' } }, ...openapiTransforms })
  declareJsonSchemaRoutes(app)
  t.teardown(() => Promise.all([fastify.close(), app.close()]))
  t.strictSame(await documentOf(app as unknown as Documented), await documentOf(fastify as unknown as Documented))
})

function declareZodRoutes (app: any, label: string): void {
  const Shared = z.object({ label: z.literal(label) }).meta({ id: `Shared${label}` })
  app.post('/things', { validatorCompiler: zodCompiler, schema: { body: Shared, querystring: Shared } }, async () => ({}))
}

t.test('two apps in one process keep their own components', async (t) => {
  const first = enclave()
  const second = enclave()
  t.teardown(() => Promise.all([first.close(), second.close()]))
  await first.register(swagger, { openapi: { info: { title: 'a', version: '1' } }, ...openapiTransforms })
  await second.register(swagger, { openapi: { info: { title: 'b', version: '1' } }, ...openapiTransforms })
  declareZodRoutes(first, 'A')
  declareZodRoutes(second, 'B')
  t.strictSame(Object.keys((await documentOf(first as unknown as Documented)).components.schemas), ['SharedA'])
  t.strictSame(Object.keys((await documentOf(second as unknown as Documented)).components.schemas), ['SharedB'])
})

t.test('a named schema at the root of a query is inlined as parameters, in the body it is referenced', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { openapi: { info: { title: 'a', version: '1' } }, ...openapiTransforms })
  declareZodRoutes(app, 'Q')
  const document = await documentOf(app as unknown as Documented)
  const operation = document.paths['/things'].post
  t.strictSame(operation.parameters, [{ schema: { type: 'string', enum: ['Q'] }, in: 'query', name: 'label', required: true }])
  t.strictSame(operation.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/SharedQ' })
})

t.test('Swagger 2.0 documents get the named schemas as definitions', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { swagger: { info: { title: 'a', version: '1' } }, transform: jsonSchemaTransform, transformObject: jsonSchemaTransformObject })
  const Pet = z.object({ name: z.string() }).meta({ id: 'SwaggerTwoPet' })
  app.post('/pets', { validatorCompiler: zodCompiler, schema: { body: z.object({ pet: Pet }) } }, async () => ({}))
  const document = await documentOf(app as unknown as Documented)
  t.strictSame(document.definitions.SwaggerTwoPet, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] })
  t.strictSame(document.paths['/pets'].post.parameters[0].schema.properties.pet, { $ref: '#/definitions/SwaggerTwoPet' })
})

t.test('an OpenAPI 3.1 document gets 2020-12 schemas', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'a', version: '1' } }, ...openapiTransforms })
  app.post('/n', { validatorCompiler: zodCompiler, schema: { body: z.object({ n: z.number().nullable() }) } }, async () => ({}))
  const document = await documentOf(app as unknown as Documented)
  t.strictSame(document.paths['/n'].post.requestBody.content['application/json'].schema.properties.n, { type: ['number', 'null'] })
})
