import enclave from '@enclave/core'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Joi from 'joi'
import { z } from 'zod'
import { openapiTransforms, serializerCompiler as zodSerializer, validatorCompiler as zodCompiler } from '@enclave/zod'
import { validatorCompiler as joiCompiler } from '@enclave/joi'

const app = enclave()
await app.register(swagger, {
  openapi: { info: { title: 'Shop', version: '1.0.0' } },
  ...openapiTransforms // { transform, transformObject }: once, for every route and library
})
await app.register(swaggerUi, { routePrefix: '/docs' })

const User = z.object({ id: z.int(), email: z.email() }).meta({ id: 'User' }) // a component

app.get('/users/:id', {
  validatorCompiler: zodCompiler,
  serializerCompiler: zodSerializer,
  schema: { params: z.object({ id: z.coerce.number() }), response: { 200: User } }
}, async () => ({ id: 1, email: 'ada@example.com' }))

app.post('/orders', {
  validatorCompiler: joiCompiler,
  schema: { body: Joi.object({ sku: Joi.string().required(), quantity: Joi.number().integer().min(1) }) }
}, async (request) => request.body)

app.get('/health', { schema: { querystring: { type: 'object', properties: { verbose: { type: 'boolean' } } } } }, async () => 'ok')

const document = (await app.inject('/docs/json')).json()
console.log(Object.keys(document.paths)) // [ '/users/{id}', '/orders', '/health' ]
console.log(document.paths['/users/{id}'].get.responses['200'].content['application/json'].schema) // { '$ref': '#/components/schemas/User' }
console.log(document.paths['/orders'].post.requestBody.content['application/json'].schema.required) // [ 'sku' ]

export default app
