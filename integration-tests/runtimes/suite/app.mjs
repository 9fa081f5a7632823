// The app every runtime serves in the cross-runtime suite (cases.mjs says what it must answer):
// routing, encapsulation, hooks, the four validator compilers, response schemas, bearer-auth, error
// handling, body limits and three official Fastify plugins, in one instance.
import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'
import { validatorCompiler as zodValidator } from '@enclave/zod'
import { validatorCompiler as joiValidator } from '@enclave/joi'
import { validatorCompiler as yupValidator } from '@enclave/yup'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import sensible from '@fastify/sensible'
import { Buffer } from 'node:buffer'
import { Readable } from 'node:stream'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import { morePlugins } from './more-plugins.mjs'

export const apiKey = 'suite-key'

/**
 * The client and the app run in one process: a case that leaves mid-upload waits, through this,
 * until the app has begun reading its body (a preParsing hook calls it), then leaves.
 */
let uploadBeingRead = () => {}
export function nextUploadRead () {
  return new Promise((resolve) => { uploadBeingRead = resolve })
}

const person = { type: 'object', required: ['name', 'age'], properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } } }

export function buildApp () {
  const app = enclave({ logger: false })

  // Routing: static, parametric, wildcard, a method table, a prefix.
  app.get('/', async () => ({ hello: 'world' }))
  app.get('/items/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } }, async (request) => ({ id: request.params.id }))
  app.get('/files/*', async (request) => ({ path: request.params['*'] }))
  app.route({ method: ['PUT', 'PATCH'], url: '/things', handler: async (request) => ({ method: request.method }) })
  app.get('/query', async (request) => ({ query: request.query }))
  app.get('/text', async (request, reply) => reply.type('text/plain; charset=utf-8').send('plain text'))
  app.get('/text/utf8', async (request, reply) => reply.type('text/plain; charset=utf-8').send('héllo wörld ✓'))
  app.get('/text/empty', async (request, reply) => reply.type('text/plain; charset=utf-8').send(''))
  app.get('/bytes', async (request, reply) => reply.type('application/octet-stream').send(Buffer.from([0, 1, 2, 255])))
  app.head('/probe', async (request, reply) => reply.header('x-probe', 'yes').send())

  // Hooks: an app-wide onRequest header, an onSend that rewrites one route's payload.
  app.addHook('onRequest', async (request, reply) => { reply.header('x-app-hook', '1') })

  // Encapsulation: a decorator and hooks seen only inside their plugin.
  app.register(async function inner (scope) {
    scope.decorateRequest('tenant', null)
    scope.addHook('preHandler', async (request) => { request.tenant = 'acme' })
    scope.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-inner', 'yes')
      return payload
    })
    scope.get('/whoami', async (request) => ({ tenant: request.tenant }))
  }, { prefix: '/inner' })
  app.get('/outer', async (request, reply) => ({ tenant: request.tenant ?? null, inner: reply.getHeader('x-inner') ?? null }))

  // The four compilers on one body shape; Ajv is the default.
  app.post('/compilers/ajv', { schema: { body: person } }, async (request) => ({ compiler: 'ajv', body: request.body }))
  app.post('/compilers/zod', { validatorCompiler: zodValidator, schema: { body: z.object({ name: z.string().min(1), age: z.number().int().nonnegative() }) } }, async (request) => ({ compiler: 'zod', body: request.body }))
  app.post('/compilers/joi', { validatorCompiler: joiValidator, schema: { body: Joi.object({ name: Joi.string().min(1).required(), age: Joi.number().integer().min(0).required() }) } }, async (request) => ({ compiler: 'joi', body: request.body }))
  app.post('/compilers/yup', { validatorCompiler: yupValidator, schema: { body: yup.object({ name: yup.string().min(1).required(), age: yup.number().integer().min(0).required() }) } }, async (request) => ({ compiler: 'yup', body: request.body }))

  // Response schemas: undeclared properties never leave the server; numbers are serialized as declared.
  app.get('/user', {
    schema: { response: { 200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } } }
  }, async () => ({ id: 1, name: 'Ada', passwordHash: 'secret' }))

  // Bearer auth in its own context.
  app.register(async function privateApi (scope) {
    await scope.register(bearerAuth, { keys: [apiKey] })
    scope.get('/stats', async () => ({ ok: true }))
  }, { prefix: '/private' })

  // Error handling: a status carried by the error, a crash concealed, a context's own handler.
  app.get('/errors/teapot', async () => { throw Object.assign(new Error('short and stout'), { statusCode: 418 }) })
  app.get('/errors/crash', async () => { throw new Error('database password is hunter2') })
  app.register(async function handled (scope) {
    scope.setErrorHandler(async (error, request, reply) => reply.code(409).send({ handled: error.message }))
    scope.get('/conflict', async () => { throw new Error('taken') })
  }, { prefix: '/handled' })

  // Body limits: the route's own, below the server's.
  app.post('/small', { bodyLimit: 64 }, async (request) => ({ length: JSON.stringify(request.body).length }))
  app.post('/echo', async (request) => request.body)
  // A text body's characters, as its parser made them (a reply's text would lose a leading BOM to the client's decoding).
  app.post('/echo/characters', async (request) => ({ characters: Array.from(String(request.body), (character) => character.codePointAt(0)) }))
  app.get('/stream', async (request, reply) => reply.type('text/plain; charset=utf-8').send(Readable.from(['one', ',two', ',three'])))
  // Sent without a content type: the Response made from the string must not gain one.
  app.get('/untyped', (request, reply) => { reply.serializer(() => 'untyped').send({ any: 'thing' }) })
  // Deno's server hands a bodiless DELETE a body stream: it must still reach its handler, not a 415.
  app.delete('/things/:id', async (request) => ({ deleted: request.params.id }))

  // Streaming both ways, and the raw objects plugins use.
  app.post('/upload/small', { bodyLimit: 1024 }, async (request) => ({ length: JSON.stringify(request.body).length }))
  app.get('/stream/web', async (request, reply) => {
    const parts = ['web', ',stream']
    return reply.type('text/plain; charset=utf-8').send(new ReadableStream({ pull (controller) { const part = parts.shift(); if (part === undefined) controller.close(); else controller.enqueue(new TextEncoder().encode(part)) } }))
  })
  app.get('/stream/generator', async (request, reply) => reply.type('text/plain; charset=utf-8').send(Readable.from((async function * () { yield 'a'; yield 'sync'; yield 'gen' })())))
  app.register(async function rawBody (scope) {
    // A parser reading request.raw as a Node stream, as plugins written for Node's server do.
    scope.addContentTypeParser('application/x-raw', (request, payload, done) => {
      const chunks = []
      payload.on('data', (chunk) => chunks.push(chunk))
      payload.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')))
      payload.on('error', done)
    })
    scope.post('/raw/echo', async (request) => ({ raw: request.body, url: request.raw.url, method: request.raw.method }))
  })
  app.get('/raw/hijack', (request, reply) => {
    reply.hijack()
    reply.raw.writeHead(203, { 'content-type': 'text/plain', 'x-hijacked': 'yes' })
    reply.raw.write('written ')
    reply.raw.end('by hand')
  })
  app.get('/trailers', (request, reply) => {
    reply.trailer('x-digest', async () => 'abc')
    reply.type('text/plain').send('body without its trailers')
  })
  // The client leaving a streamed reply: /abort/stream never ends on its own; /abort/seen answers
  // once the app saw the client leave (its source destroyed, onRequestAbort run, request.signal aborted).
  let sawAbort
  const abortSeen = new Promise((resolve) => { sawAbort = resolve })
  const seen = { destroyed: false, hook: false, signal: false }
  const check = () => { if (seen.destroyed && seen.hook && seen.signal) sawAbort() }
  app.register(async function leaving (scope) {
    scope.addHook('onRequestAbort', async () => { seen.hook = true; check() })
    scope.get('/abort/stream', async (request, reply) => {
      request.signal.addEventListener('abort', () => { seen.signal = true; check() })
      // One chunk, then nothing until the client leaves (an endless source costs a runtime that reads ahead).
      let started = false
      const source = new Readable({ read () { if (!started) { started = true; this.push('tick\n') } } })
      source.on('close', () => { seen.destroyed = true; check() })
      return reply.type('text/plain').send(source)
    })
  })
  // The client leaving mid-upload: /abort/upload's body never ends; /abort/upload/seen answers once
  // onRequestAbort ran for it (its handler never runs).
  const upload = { hook: false, handler: false }
  let sawUploadAbort
  const uploadAbortSeen = new Promise((resolve) => { sawUploadAbort = resolve })
  app.register(async function leavingMidUpload (scope) {
    scope.addHook('onRequestAbort', async () => { upload.hook = true; sawUploadAbort() })
    scope.addHook('preParsing', async (request, reply, payload) => { uploadBeingRead(); return payload })
    scope.post('/abort/upload', async () => { upload.handler = true; return 'read' })
  })
  app.get('/abort/upload/seen', async () => {
    await Promise.race([uploadAbortSeen, new Promise((resolve) => setTimeout(resolve, 5000).unref())])
    return upload
  })
  // A complete answer is not the client leaving (Deno's server aborts its request's signal once it has the Response).
  const completed = { signalAborted: false }
  app.get('/signal/complete', async (request) => {
    request.signal.addEventListener('abort', () => { completed.signalAborted = true })
    return 'complete'
  })
  app.get('/signal/after', async () => completed)
  app.get('/abort/seen', async () => {
    await Promise.race([abortSeen, new Promise((resolve) => setTimeout(resolve, 5000).unref())])
    return seen
  })

  // Official plugins, in their own context.
  app.register(async function plugins (scope) {
    await scope.register(cors, { origin: 'https://app.example' })
    await scope.register(helmet)
    await scope.register(sensible)
    scope.get('/cors', async () => ({ ok: true }))
    scope.get('/helmet', async () => ({ ok: true }))
    scope.get('/sensible', async (request, reply) => reply.notFound('no such gadget'))
  }, { prefix: '/plugins' })
  app.register(morePlugins, { prefix: '/more' })

  return app
}
