import enclave, { type EnclaveInstance, type EnclaveOptions } from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'
import { validatorCompiler as zodValidator } from '@enclave/zod'
import { validatorCompiler as joiValidator } from '@enclave/joi'
import { validatorCompiler as yupValidator } from '@enclave/yup'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import { userSchemas } from './schemas.js'
import { UserStore } from './user-store.js'

export interface AppOptions {
  /** Bearer keys accepted by the private context. */
  apiKeys: string[]
  logger?: EnclaveOptions['logger']
  /** Where the compiled schemas come from (a Worker passes the code its build step made). */
  schemaCache?: EnclaveOptions['schemaCache']
}

/** The example API: a users resource, a public and a private context, one route per compiler. */
export function buildApp (options: AppOptions): EnclaveInstance {
  const app = enclave({ logger: options.logger ?? false, schemaCache: options.schemaCache ?? null })
  const store = new UserStore()

  for (const schema of userSchemas) app.addSchema(schema)
  app.decorate('users', store)

  app.setErrorHandler(function exampleErrorHandler (error, request, reply) {
    if (error.validation !== undefined) {
      // Validation errors keep the spec's payload; everything else gets a request id to quote.
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: error.message })
    }
    const statusCode = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed')
    return reply.code(statusCode).send({
      statusCode,
      error: statusCode >= 500 ? 'Internal Server Error' : error.message,
      message: statusCode >= 500 ? 'Something went wrong' : error.message,
      requestId: request.id
    })
  })

  app.get('/', async () => ({ name: 'enclave example', docs: 'https://github.com/enclave/enclave#readme' }))

  app.register(async function publicApi (api) {
    api.get('/users', {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, tag: { type: 'array', items: { type: 'string' }, default: [] } }
        },
        response: { 200: { type: 'array', items: { $ref: 'user#' } } }
      }
    }, async (request) => {
      const { limit, tag } = request.query as { limit: number, tag: string[] }
      return store.list(limit, tag)
    })

    api.get('/users/:id', {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        response: { 200: { $ref: 'user#' }, 404: { $ref: 'problem#' } }
      }
    }, async (request, reply) => {
      const user = store.get((request.params as { id: number }).id)
      if (user === undefined) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'no such user' })
      return user
    })

    api.post('/users', {
      schema: {
        headers: { type: 'object', properties: { 'X-Request-Source': { type: 'string', enum: ['web', 'cli', 'test'] } } },
        body: { $ref: 'newUser#' },
        response: { 201: { $ref: 'user#' } }
      }
    }, async (request, reply) => {
      const user = store.create(request.body as { name: string, email: string, tags?: string[] })
      return reply.code(201).send(user)
    })

    // The same kind of route validated by each of the other compilers.
    api.post('/compilers/zod', {
      validatorCompiler: zodValidator,
      schema: { body: z.object({ name: z.string().min(1), age: z.number().int().nonnegative() }) }
    }, async (request) => ({ compiler: 'zod', received: request.body }))

    api.post('/compilers/joi', {
      validatorCompiler: joiValidator,
      schema: { body: Joi.object({ name: Joi.string().min(1).required(), age: Joi.number().integer().min(0).required() }) }
    }, async (request) => ({ compiler: 'joi', received: request.body }))

    api.post('/compilers/yup', {
      validatorCompiler: yupValidator,
      schema: { body: yup.object({ name: yup.string().min(1).required(), age: yup.number().integer().min(0).required() }) }
    }, async (request) => ({ compiler: 'yup', received: request.body }))
  }, { prefix: '/api' })

  app.register(async function privateApi (api) {
    await api.register(bearerAuth, { keys: options.apiKeys })
    api.get('/stats', {
      schema: { response: { 200: { type: 'object', properties: { users: { type: 'integer' } } } } }
    }, async () => ({ users: store.count(), internal: 'never leaves the server' }))
    api.delete('/users/:id', {
      schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } }
    }, async (request, reply) => {
      const removed = store.remove((request.params as { id: number }).id)
      return reply.code(removed ? 204 : 404).send()
    })
  }, { prefix: '/admin' })

  return app
}
