import { readFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { Validator } from '@seriousme/openapi-schema-validator'
import { build } from '@enclave/examples/openapi/app.js'

const expected = JSON.parse(readFileSync(new URL('./expected-document.json', import.meta.url), 'utf8'))

/** Every route the app declares, as the document lists them (swagger's `{id}` form). */
const routes = [
  ['get', '/notes/{id}'], ['delete', '/notes/{id}'],
  // A '/' route under a prefix is listed as `/prefix/`, as @fastify/swagger lists it on Fastify.
  ['get', '/pets/'], ['post', '/pets/'], ['get', '/pets/{id}'],
  ['post', '/orders/'], ['get', '/orders/{id}']
] as const

async function documentOf (t: Test): Promise<any> {
  const app = await build()
  t.teardown(() => app.close())
  const res = await app.inject('/docs/json')
  t.equal(res.statusCode, 200)
  return res.json()
}

function schemasOf (operation: any): unknown[] {
  const found: unknown[] = []
  for (const parameter of operation.parameters ?? []) found.push(parameter.schema)
  for (const media of Object.values<any>(operation.requestBody?.content ?? {})) found.push(media.schema)
  for (const response of Object.values<any>(operation.responses ?? {})) {
    for (const media of Object.values<any>(response.content ?? {})) found.push(media.schema)
  }
  return found
}

function countRefs (node: unknown, ref: string): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + countRefs(item, ref), 0)
  if (node === null || typeof node !== 'object') return 0
  let count = 0
  for (const [key, value] of Object.entries(node)) count += key === '$ref' && value === ref ? 1 : countRefs(value, ref)
  return count
}

t.test('the mixed Ajv, Zod and Joi app serves the whole OpenAPI document it is expected to', async (t) => {
  t.strictSame(await documentOf(t), expected)
})

t.test('the document validates as OpenAPI 3 with a real validator', async (t) => {
  const result = await new Validator().validate(await documentOf(t))
  t.same(result.errors, undefined)
  t.equal(result.valid, true)
})

t.test('every route is listed with non-empty schemas, whichever library validates it', async (t) => {
  const document = await documentOf(t)
  for (const [method, path] of routes) {
    const operation = document.paths[path]?.[method]
    t.ok(operation, `${method} ${path} is listed`)
    const schemas = schemasOf(operation)
    t.ok(schemas.length > 0, `${method} ${path} has schemas`)
    for (const schema of schemas) t.ok(schema !== null && typeof schema === 'object' && Object.keys(schema).length > 0, `${method} ${path}: a non-empty schema`)
  }
  t.equal(Object.values<object>(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0), routes.length, 'nothing else is listed')
})

t.test('named schemas of every library are components, referenced and never inlined', async (t) => {
  const document = await documentOf(t)
  const components = document.components.schemas
  t.strictSame(Object.keys(components).sort(), ['Address', 'Error', 'NewPet', 'Note', 'Order', 'Pet'])
  const paths = JSON.stringify(document.paths)
  for (const [name, schema] of Object.entries(components)) {
    t.ok(countRefs(document, `#/components/schemas/${name}`) > 0, `${name} is referenced`)
    t.notOk(paths.includes(JSON.stringify(schema)), `${name} is not inlined in a path`)
  }
  t.equal(countRefs(document.paths, '#/components/schemas/Pet'), 3, 'Pet: one component for three responses')
  t.equal(countRefs(document.paths, '#/components/schemas/Error'), 2, 'Error (addSchema): one component for two responses')
  t.equal(countRefs(document.components, '#/components/schemas/Address'), 1, 'Address: referenced from the Order component')
})

t.test('a Zod refinement is described and marked, not dropped', async (t) => {
  const document = await documentOf(t)
  t.strictSame(document.components.schemas.NewPet.properties.name, {
    type: 'string', minLength: 1, 'x-enclave-unrepresentable': 'refinement: checked in code (.refine/.superRefine/.check)'
  })
})

t.test('the documented routes validate with their own library', async (t) => {
  const app = await build()
  t.teardown(() => app.close())
  t.equal((await app.inject('/notes/x')).json().message, 'params/id should be integer')
  t.equal((await app.inject({ method: 'POST', url: '/pets', payload: { name: ' Rex' } })).json().message, 'body/name no surrounding spaces')
  t.strictSame((await app.inject({ method: 'POST', url: '/pets', payload: { name: 'Tom' } })).json(), { id: 2, name: 'Tom' })
  const order = await app.inject({ method: 'POST', url: '/orders', payload: { petId: 1, shipTo: { street: '1 Main St', city: 'Springfield' } } })
  t.equal(order.statusCode, 201)
  t.strictSame(order.json(), { id: 1, petId: 1, quantity: 1, shipTo: { street: '1 Main St', city: 'Springfield' } })
  t.equal((await app.inject({ method: 'POST', url: '/orders', payload: { petId: 1 } })).json().message, 'body/shipTo is required')
})

t.test('@fastify/swagger-ui serves the page for the document', async (t) => {
  const app = await build()
  t.teardown(() => app.close())
  const page = await app.inject('/docs/')
  t.equal(page.statusCode, 200)
  t.match(page.body, /<div id="swagger-ui"><\/div>/)
  const initializer = await app.inject('/docs/static/swagger-initializer.js')
  t.equal(initializer.statusCode, 200)
  t.match(initializer.body, /SwaggerUIBundle/)
})
