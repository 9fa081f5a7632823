// One OpenAPI document for an app whose routes are validated by three libraries: Ajv (JSON Schema),
// Zod and Joi. @fastify/swagger reads every route; the adapters' transforms turn Zod and Joi
// schemas into JSON Schema and their named schemas into components.
import enclave from '@enclave/core'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Joi from 'joi'
import { z } from 'zod'
import { openapiTransforms, serializerCompiler as zodSerializer, validatorCompiler as zodValidator } from '@enclave/zod'
import { serializerCompiler as joiSerializer, validatorCompiler as joiValidator } from '@enclave/joi'

// Ajv: shared JSON Schemas by $id.
const ErrorBody = { $id: 'Error', type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }
const Note = {
  $id: 'Note',
  type: 'object',
  properties: { id: { type: 'integer' }, text: { type: 'string', maxLength: 280 } },
  required: ['id', 'text']
}

// Zod: shared schemas are the ones with an id in Zod's registry.
const Pet = z.object({ id: z.int().min(1), name: z.string().min(1), tag: z.string().optional() }).meta({ id: 'Pet' })
const NewPet = z.object({
  name: z.string().min(1).refine((name) => name.trim() === name, 'no surrounding spaces'),
  tag: z.string().optional()
}).meta({ id: 'NewPet' })

// Joi: shared schemas are `.shared()` ones with an id, used through Joi.link().
const Address = Joi.object({ street: Joi.string().required(), city: Joi.string().required() }).id('Address')
const Order = Joi.object({
  id: Joi.number().integer().required(),
  petId: Joi.number().integer().required(),
  quantity: Joi.number().integer().min(1).required(),
  shipTo: Joi.link('#Address').required()
}).shared(Address).meta({ id: 'Order' })

export async function build () {
  const app = enclave()
  await app.register(swagger, {
    openapi: { info: { title: 'Pet shop', version: '1.0.0' } },
    // Zod and Joi schemas as JSON Schema, their named schemas as components (once, for the whole app).
    ...openapiTransforms,
    // Name the components of addSchema() after their $id (swagger's default is def-0, def-1, …).
    refResolver: { buildLocalReference: (json: { $id?: unknown }, _baseUri: unknown, _fragment: unknown, i: number) => typeof json.$id === 'string' ? json.$id : `def-${i}` }
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })

  app.addSchema(ErrorBody)
  app.addSchema(Note)
  const notes = new Map([[1, { id: 1, text: 'feed the cat' }]])

  app.get('/notes/:id', {
    schema: {
      tags: ['notes'],
      params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      response: { 200: { $ref: 'Note#' }, 404: { $ref: 'Error#' } }
    }
  }, async function readNote (request, reply) {
    const note = notes.get((request.params as { id: number }).id)
    return note ?? reply.code(404).send({ message: 'no such note' })
  })
  app.delete('/notes/:id', {
    schema: {
      tags: ['notes'],
      params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      response: { 204: { type: 'null', description: 'Deleted' }, 404: { $ref: 'Error#' } }
    }
  }, async function deleteNote (request, reply) {
    return notes.delete((request.params as { id: number }).id) ? reply.code(204).send() : reply.code(404).send({ message: 'no such note' })
  })

  await app.register(async function pets (api) {
    api.setValidatorCompiler(zodValidator)
    api.setSerializerCompiler(zodSerializer)
    const pets: Array<z.output<typeof Pet>> = [{ id: 1, name: 'Rex', tag: 'dog' }]
    api.get('/', {
      schema: {
        tags: ['pets'],
        querystring: z.object({ limit: z.int().min(1).max(100).default(20) }),
        response: { 200: z.array(Pet) }
      }
    }, async function listPets (request) {
      return pets.slice(0, (request.query as { limit: number }).limit)
    })
    api.post('/', {
      schema: { tags: ['pets'], body: NewPet, response: { 201: Pet } }
    }, async function createPet (request, reply) {
      const pet = { id: pets.length + 1, ...(request.body as z.output<typeof NewPet>) }
      pets.push(pet)
      return reply.code(201).send(pet)
    })
    api.get('/:id', {
      schema: {
        tags: ['pets'],
        params: z.object({ id: z.int().min(1) }),
        headers: z.object({ 'x-request-id': z.string().optional() }),
        response: { 200: Pet }
      }
    }, async function readPet (request) {
      return pets.find((pet) => pet.id === (request.params as { id: number }).id) ?? pets[0]
    })
  }, { prefix: '/pets' })

  await app.register(async function orders (api) {
    api.setValidatorCompiler(joiValidator)
    api.setSerializerCompiler(joiSerializer)
    api.post('/', {
      schema: {
        tags: ['orders'],
        body: Joi.object({
          petId: Joi.number().integer().required(),
          quantity: Joi.number().integer().min(1).default(1),
          shipTo: Joi.link('#Address').required()
        }).shared(Address),
        response: { 201: Order }
      }
    }, async function placeOrder (request, reply) {
      return reply.code(201).send({ id: 1, ...(request.body as object) })
    })
    api.get('/:id', {
      schema: { tags: ['orders'], params: Joi.object({ id: Joi.number().integer().min(1).required() }), response: { 200: Order } }
    }, async function readOrder (request) {
      return { id: (request.params as { id: number }).id, petId: 1, quantity: 1, shipTo: { street: '1 Main St', city: 'Springfield' } }
    })
  }, { prefix: '/orders' })

  return app
}
