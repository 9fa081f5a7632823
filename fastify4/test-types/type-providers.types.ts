// How `fastify` types a route's request and reply, as Fastify 4.29 does: from the route generic,
// else from the schemas through the instance's type provider (`withTypeProvider<P>()`), else
// `unknown`. The default provider maps every schema to `unknown`, so a schema alone types nothing.
// Also the thenables register()/after()/ready() return, and the reply and instance members Fastify
// types its own way. Checked by tsc against @enclave/fastify4 (npm run typecheck) and against
// fastify@4.29.1 (fastify4/test/type-contracts-parity.test.ts), never run.
import type { IncomingHttpHeaders } from 'node:http'
import Fastify, {
  type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchemaCompiler,
  type FastifyTypeProvider, type LightMyRequestChain, type LightMyRequestResponse
} from 'fastify'
import type { FastifySerializerCompiler } from 'fastify/types/schema'
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { assertType, type Equal } from './expect.js'

const app = Fastify()

// No provider: a schema types nothing, and any payload may be sent or returned (Fastify's own example:
// a string answer from a route whose response schema says number compiles).
app.post('/answer', {
  schema: {
    body: { type: 'object', properties: { n: { type: 'integer' } } },
    response: { 200: { type: 'object', properties: { answer: { type: 'number' } } } }
  }
}, async (request, reply) => {
  assertType<Equal<typeof request.body, unknown>>()
  assertType<Equal<typeof request.query, unknown>>()
  assertType<Equal<typeof request.params, unknown>>()
  assertType<Equal<typeof request.headers, IncomingHttpHeaders>>()
  if (request.body === null) return reply.code(200).send({ answer: 'none' })
  return { answer: '42' }
})

// The path does not type params (Fastify's types do not read it).
app.get('/users/:id', async (request) => {
  assertType<Equal<typeof request.params, unknown>>()
})

// The route generic types each part it names; the others stay `unknown`.
app.get<{ Querystring: { page: number }, Reply: { items: string[] } }>('/list', async (request, reply) => {
  assertType<Equal<typeof request.query, { page: number }>>()
  assertType<Equal<typeof request.body, unknown>>()
  // @ts-expect-error the reply is the generic's
  void reply.send({ items: [1] })
  return { items: ['a'] }
})
// @ts-expect-error the handler's return value is checked against the generic's Reply
app.get<{ Reply: { items: string[] } }>('/list-bad', async () => ({ items: 1 }))

// A provider remaps every schema: here, every schema stands for a number.
interface NumberProvider extends FastifyTypeProvider { output: number }
app.withTypeProvider<NumberProvider>().get('/numbers', {
  schema: { body: { type: 'string' }, querystring: { type: 'string' }, headers: { type: 'string' }, params: { type: 'string' } }
}, (request) => {
  assertType<Equal<typeof request.body, number>>()
  assertType<Equal<typeof request.query, number>>()
  assertType<Equal<typeof request.params, number>>()
  assertType<Equal<typeof request.headers, number & IncomingHttpHeaders>>()
})

// A TypeBox provider, as @fastify/type-provider-typebox declares one.
interface TypeBoxProvider extends FastifyTypeProvider { output: this['input'] extends TSchema ? Static<this['input']> : unknown }
const typed = app.withTypeProvider<TypeBoxProvider>()
assertType<Equal<typeof typed, FastifyInstance<FastifyInstance['server'], FastifyRequest['raw'], FastifyReply['raw'], FastifyInstance['log'], TypeBoxProvider>>>()
typed.get('/items/:id', {
  schema: {
    params: Type.Object({ id: Type.String() }),
    response: { 200: Type.Object({ name: Type.String() }), 404: Type.Object({ error: Type.String() }) }
  }
}, async (request, reply) => {
  assertType<Equal<typeof request.params, { id: string }>>()
  // Before code(), send() takes the union of the response schemas' types.
  void reply.send({ error: 'missing' })
  // @ts-expect-error a payload no response schema describes
  void reply.send({ other: 1 })
  // code() narrows send() to that status's schema.
  // @ts-expect-error a 404 payload is not a 200 one
  void reply.code(200).send({ error: 'missing' })
  if (request.params.id === '') return reply.code(404).send({ error: 'missing' })
  return { name: 'item' }
})
// @ts-expect-error the handler's return value is checked against the response schemas' types
typed.get('/bad', { schema: { response: { 200: Type.Object({ name: Type.String() }) } } }, async () => ({ name: 1 }))

// An inline plugin's instance has the base provider (as in Fastify: call withTypeProvider() in the plugin).
typed.register(async (instance) => {
  assertType<Equal<typeof instance, FastifyInstance<FastifyInstance['server'], FastifyRequest['raw'], FastifyReply['raw'], FastifyInstance['log'], FastifyTypeProvider>>>()
})

// Thenables: what register(), after() and ready() return is the instance, awaitable to `undefined`.
async function thenables (): Promise<void> {
  const registered = app.register(async () => {})
  assertType<Equal<typeof registered, FastifyInstance & PromiseLike<undefined>>>()
  assertType<Equal<Awaited<typeof registered>, undefined>>()
  const after = app.after()
  assertType<Equal<typeof after, FastifyInstance & PromiseLike<undefined>>>()
  const ready = app.ready()
  assertType<Equal<typeof ready, FastifyInstance & PromiseLike<undefined>>>()
  const readyWithListener = app.ready(() => {})
  assertType<Equal<typeof readyWithListener, FastifyInstance>>()
  assertType<Equal<Awaited<ReturnType<typeof app.close>>, undefined>>()
  await registered
}
void thenables

// Reply members, typed as Fastify types them.
app.get('/reply', (_request, reply) => {
  assertType<Equal<ReturnType<typeof reply.send>, FastifyReply>>()
  assertType<Equal<ReturnType<typeof reply.header>, FastifyReply>>()
  assertType<Equal<ReturnType<typeof reply.hijack>, FastifyReply>>()
  assertType<Equal<ReturnType<typeof reply.callNotFound>, void>>()
  assertType<Equal<ReturnType<typeof reply.serialize>, string | ArrayBuffer | Buffer>>()
  assertType<Equal<Parameters<typeof reply.then>, [fulfilled: () => void, rejected: (err: Error) => void]>>()
  void reply.trailer('x-digest', async () => 'sha')
  void reply.trailer('x-digest', (_reply, _payload, done) => { done(null, 'sha') })
})

// Instance members, typed as Fastify types them.
assertType<Equal<ReturnType<typeof app.getSchemas>, Record<string, unknown>>>()
assertType<Equal<ReturnType<typeof app.getSchema>, unknown>>()
assertType<Equal<typeof app.validatorCompiler, FastifySchemaCompiler<any> | undefined>>()
assertType<Equal<typeof app.serializerCompiler, FastifySerializerCompiler<any> | undefined>>()
assertType<Equal<typeof app.errorHandler, (error: import('fastify').FastifyError, request: FastifyRequest, reply: FastifyReply) => void>>()
assertType<Equal<typeof app.initialConfig['requestIdHeader'], string | false | undefined>>()
app.setValidatorCompiler<{ custom: true }>(({ schema }) => {
  assertType<Equal<typeof schema, { custom: true }>>()
  return () => true
})

// inject(): the light-my-request chain without arguments, a promise with options, `(err, res)` with a callback.
const chain = app.inject()
assertType<Equal<typeof chain, LightMyRequestChain>>()
void app.inject().get('/').headers({ a: '1' }).end().then((res) => {
  assertType<Equal<typeof res, LightMyRequestResponse>>()
})
app.inject({ url: '/' }, (err, res) => {
  assertType<Equal<typeof err, Error | undefined>>()
  void res
})
