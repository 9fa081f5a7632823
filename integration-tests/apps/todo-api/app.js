// A to-do API written as a Fastify v4 user writes one: JSON schemas with a shared $ref schema,
// a store decorated through fastify-plugin, @fastify/sensible and @fastify/cors, hooks, a custom
// error handler and not-found handler.
import Fastify from 'fastify'
import cors from '@fastify/cors'
import sensible from '@fastify/sensible'
import store from './plugins/store.js'
import todos from './routes/todos.js'

export function build (opts = {}) {
  const app = Fastify(opts)

  app.register(cors, { origin: ['https://todo.example'] })
  app.register(sensible)
  app.register(store)

  app.addSchema({
    $id: 'todo',
    type: 'object',
    properties: {
      id: { type: 'integer' },
      title: { type: 'string' },
      done: { type: 'boolean' }
    }
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-api-version', '1')
  })

  app.setErrorHandler(function (error, request, reply) {
    if (error.statusCode === 418) {
      reply.code(418).send({ teapot: true })
      return
    }
    reply.send(error)
  })

  app.register(todos, { prefix: '/todos' })

  app.get('/health', async () => ({ status: 'ok' }))
  app.get('/teapot', async () => { throw app.httpErrors.imateapot('short and stout') })
  app.get('/boom', async () => { throw new Error('kaboom') })

  return app
}
