import t from 'tap'
import enclave from '@enclave/core'
import Fastify from 'fastify4'
import EnclaveFastify from 'fastify'
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

t.test('recursive schemas: a named one stays one component, an unnamed one is named after its route and part', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { openapi: { info: { title: 'a', version: '1' } }, ...openapiTransforms })
  const Category: z.ZodType<{ name: string, children: unknown[] }> = z.object({ name: z.string(), get children () { return z.array(Category) } })
  const TreeNode: z.ZodType<{ name: string, parent?: unknown }> = z.object({ name: z.string(), get parent () { return TreeNode.optional() } }).meta({ id: 'RecursiveNode' })
  app.post('/categories', { validatorCompiler: zodCompiler, schema: { body: Category, querystring: TreeNode } }, async () => ({}))
  const document = await documentOf(app as unknown as Documented)
  const operation = document.paths['/categories'].post
  t.strictSame(operation.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/POST_categories_body' })
  t.strictSame(document.components.schemas.POST_categories_body.properties.children, { type: 'array', items: { $ref: '#/components/schemas/POST_categories_body' } })
  t.strictSame(operation.parameters.map((parameter: { name: string }) => parameter.name), ['name', 'parent'], 'the query is still listed property by property')
  t.strictSame(document.components.schemas.RecursiveNode.properties.parent, { allOf: [{ $ref: '#/components/schemas/RecursiveNode' }] })
  t.notOk(JSON.stringify(document).includes('"$ref":"#"'), 'no reference to the document root')
})

t.test('the same document on @enclave/fastify4 (the name fastify) as on enclave()', async (t) => {
  const build = async (app: any): Promise<any> => {
    t.teardown(() => app.close())
    await app.register(swagger, { openapi: { info: { title: 'a', version: '1' } }, ...openapiTransforms })
    app.addSchema({ $id: 'Item', type: 'object', properties: { id: { type: 'integer' } } })
    const Pet = z.object({ name: z.string() }).meta({ id: 'FacePet' })
    app.post('/pets', { validatorCompiler: zodCompiler, schema: { body: Pet, querystring: z.object({ dry: z.boolean().optional() }), response: { 200: { $ref: 'Item#' } } } }, async () => ({ id: 1 }))
    return await documentOf(app)
  }
  const onFastifyFace = await build(EnclaveFastify())
  t.strictSame(onFastifyFace, await build(enclave()))
  t.strictSame(onFastifyFace.paths['/pets'].post.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/FacePet' })
})
