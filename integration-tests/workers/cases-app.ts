import { Buffer } from 'node:buffer'
import { Readable } from 'node:stream'
import enclave, { createError, type EnclaveInstance, type EnclaveOptions } from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'
import { validatorCompiler as zodValidator } from '@enclave/zod'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import sensible from '@fastify/sensible'
import { z } from 'zod'
import { registerWorkerPlugins } from './cases-plugins.js'

/**
 * The app the cross-runtime cases (cases.ts) are asked of: one route or context per concern. Built
 * the same way everywhere; on Workers with the schemas its build step compiled.
 */
export default function createCasesApp (schemaCache: EnclaveOptions['schemaCache'] = null): EnclaveInstance {
  const app = enclave({ schemaCache, bodyLimit: 1024 })
  app.addSchema({ $id: 'item', type: 'object', required: ['name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } })

  // routing
  app.get('/routing/static', async () => ({ route: 'static' }))
  app.get('/routing/items/:id', {
    schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } }
  }, async (request) => ({ id: (request.params as { id: number }).id }))
  app.get('/routing/files/*', async (request) => ({ rest: (request.params as Record<string, string>)['*'] }))
  app.get('/routing/query', {
    schema: { querystring: { type: 'object', properties: { n: { type: 'integer', default: 1 }, tag: { type: 'array', items: { type: 'string' } } } } }
  }, async (request) => request.query)
  app.route({ method: 'GET', url: '/routing/versioned', constraints: { version: '1.2.0' }, handler: async () => ({ version: '1.2.0' }) })
  app.route({ method: 'GET', url: '/routing/versioned', constraints: { version: '2.0.0' }, handler: async () => ({ version: '2.0.0' }) })

  // hooks
  app.register(async function hooks (scope) {
    scope.addHook('onRequest', async (request, reply) => { reply.header('x-on-request', request.method) })
    scope.addHook('preHandler', async (request) => { (request as unknown as { stamp: string }).stamp = 'pre-handler' })
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-on-send', 'yes')
      return payload
    })
    scope.get('/hooks', async (request) => ({ stamp: (request as unknown as { stamp: string }).stamp }))
  })

  // validation: Ajv (a shared schema by $ref and as the route's own) and zod
  app.post('/validation/ajv', { schema: { body: { $ref: 'item#' } } }, async (request) => request.body)
  app.post('/validation/shared-id', { schema: { body: { $id: 'item', type: 'object', required: ['name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } } }, async (request) => request.body)
  app.post('/validation/zod', {
    validatorCompiler: zodValidator,
    schema: { body: z.object({ name: z.string().min(1), age: z.number().int() }) }
  }, async (request) => request.body)

  // response schemas: undeclared properties dropped, anyOf picked by value
  app.get('/serialization/item', { schema: { response: { 200: { $ref: 'item#' } } } }, async () => ({ id: 1, name: 'a', secret: 'never sent' }))
  app.get('/serialization/any-of/:kind', {
    schema: { response: { 200: { type: 'object', properties: { value: { anyOf: [{ type: 'integer' }, { type: 'object', properties: { text: { type: 'string' } } }] } } } } }
  }, async (request) => ({ value: (request.params as { kind: string }).kind === 'number' ? 42 : { text: 'hi', extra: true } }))
  app.get('/serialization/untyped', (_request, reply) => { reply.serializer(() => 'untyped').send({ any: 'thing' }) })
  app.get('/serialization/stream', async (_request, reply) => {
    reply.type('text/plain')
    return Readable.from(['one ', 'two ', 'three'])
  })
  app.get('/serialization/stream/sized', async (_request, reply) => {
    // A download whose size is known, as a file's is.
    reply.type('text/plain').header('content-length', 13)
    return Readable.from(['one ', 'two ', 'three'])
  })

  // bearer-auth
  app.register(async function privateScope (scope) {
    await scope.register(bearerAuth, { keys: ['worker-key'] })
    scope.get('/auth/secret', async () => ({ secret: 42 }))
  })

  // errors
  app.get('/errors/teapot', async () => { throw createError('APP_TEAPOT', 'short and stout', 418)() })
  app.get('/errors/crash', async () => { throw new Error('internal detail') })
  // @fastify/sensible's decorations are typed for Fastify's reply, not Enclave's.
  app.get('/errors/sensible', async (_request, reply) => (reply as unknown as { notFound: (message: string) => unknown }).notFound('no such thing'))

  // body limits
  app.post('/limits/small', { bodyLimit: 16 }, async (request) => request.body)

  // streaming replies and the raw objects plugins use
  app.get('/raw/web-stream', async (_request, reply) => {
    const parts = ['web', ',stream']
    const encoder = new TextEncoder()
    return reply.type('text/plain').send(new ReadableStream({
      pull (controller) {
        const part = parts.shift()
        if (part === undefined) controller.close()
        else controller.enqueue(encoder.encode(part))
      }
    }))
  })
  app.register(async function rawBody (scope) {
    // As plugins written for Node's server read a body: request.raw as a stream.
    scope.addContentTypeParser('application/x-raw', (_request, payload, done) => {
      const chunks: Buffer[] = []
      payload.on('data', (chunk: Buffer) => chunks.push(chunk))
      payload.on('end', () => { done(null, Buffer.concat(chunks).toString('utf8')) })
      payload.on('error', done)
    })
    scope.post('/raw/echo', async (request) => ({ raw: request.body, url: request.raw.url }))
  })
  app.get('/raw/hijack', (_request, reply) => {
    reply.hijack()
    reply.raw.writeHead(203, { 'content-type': 'text/plain', 'x-hijacked': 'yes' })
    reply.raw.write('written ')
    reply.raw.end('by hand')
  })
  app.get('/raw/trailers', (_request, reply) => {
    reply.trailer('x-digest', async () => 'abc')
    reply.type('text/plain').send('body without its trailers')
  })

  // official plugins
  app.register(async function plugins (scope) {
    await scope.register(cors, { origin: 'https://app.example' })
    await scope.register(helmet)
    scope.get('/plugins/hello', async () => ({ hello: 'plugins' }))
  })
  app.register(sensible)
  registerWorkerPlugins(app)
  return app
}
