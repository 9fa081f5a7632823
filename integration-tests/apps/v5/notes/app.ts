// A notes API in TypeScript, written as a Fastify v5 user writes one: JSON schemas typed through
// @fastify/type-provider-json-schema-to-ts, a store plugin wrapped with fastify-plugin, the Fastify 5
// majors of @fastify/helmet, cors, sensible and jwt, hooks at the root and in the routes' own
// context, an error handler and a not-found handler.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import cors from '@fastify5/cors'
import helmet from '@fastify5/helmet'
import jwt from '@fastify5/jwt'
import sensible from '@fastify5/sensible'
import type { JsonSchemaToTsProvider } from '@fastify5/type-provider-json-schema-to-ts'
import store from './store.js'
import routes from './routes.js'
import { credentials } from './schemas.js'

declare module 'fastify' {
  interface FastifyRequest {
    audited: boolean
  }
  interface FastifyContextConfig {
    audit?: boolean
  }
  interface FastifyInstance {
    auditLog: () => string[]
  }
}

export async function build (options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(options).withTypeProvider<JsonSchemaToTsProvider>()
  const audit: string[] = []

  await app.register(helmet)
  await app.register(cors, { origin: 'https://notes.example' })
  await app.register(sensible)
  await app.register(jwt, { secret: 'notes-secret-for-tests' })
  await app.register(store, { seed: [{ text: 'first note', tags: ['intro'] }] })

  app.decorateRequest('audited', false)
  app.decorate('auditLog', () => [...audit])
  app.addHook('onRequest', async (request) => {
    request.audited = request.routeOptions.config.audit === true
  })
  app.addHook('onResponse', async (request, reply) => {
    if (request.audited) audit.push(`${request.method} ${request.url} ${reply.statusCode}`)
  })

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error.validation !== undefined) {
      return reply.code(400).send({ code: 'INVALID', message: error.message, context: error.validationContext })
    }
    request.log.error(error)
    return reply.send(error)
  })
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ code: 'NO_ROUTE', message: `${request.method} ${request.url} is not a route` })
  })

  app.get('/health', async () => ({ ok: true, version: app.version.split('.')[0] }))
  app.post('/login', { schema: { body: credentials } }, async (request, reply) => {
    if (request.body.password !== 'open sesame') throw app.httpErrors.unauthorized('wrong password')
    return { token: await reply.jwtSign({ sub: request.body.user }) }
  })
  await app.register(routes, { prefix: '/notes' })
  return app
}
