import type { Test } from 'tap'
import type { EnclaveInstance, SerializerCompiler } from '@enclave/core'
import type { ConformanceAdapter } from './adapter.js'
import type { Entry } from './entries.js'

const stored = { id: 1, name: 'Ada', passwordHash: 'secret', address: { city: 'London', street: 'hidden' } }
const sent = { id: 1, name: 'Ada', role: 'member', address: { city: 'London' } }

function recording (compiler: SerializerCompiler, compiled: string[]): SerializerCompiler {
  return function recordingCompiler (input) {
    compiled.push(`${input.method} ${input.url} ${String(input.httpStatus)}`)
    return compiler(input)
  }
}

function build (t: Test, adapter: ConformanceAdapter, entry: Entry): EnclaveInstance {
  const app = entry.create()
  t.teardown(() => app.close())
  if (adapter.serializerCompiler !== undefined) app.setSerializerCompiler(adapter.serializerCompiler)
  return app
}

export function responseSerialization (t: Test, adapter: ConformanceAdapter, entry: Entry): void {
  const { user, users } = adapter.schemas

  t.test('a response schema is a whitelist: undeclared properties never leave, nested ones and array items included; defaults are written', async (t) => {
    const app = build(t, adapter, entry)
    app.get('/user', { schema: { response: { 200: user } } }, async () => stored)
    app.get('/users', { schema: { response: { 200: users } } }, async () => [stored, { id: 2, name: 'Grace', token: 't' }])

    const one = await app.inject('/user')
    t.equal(one.statusCode, 200)
    t.equal(one.headers['content-type'], 'application/json; charset=utf-8')
    t.strictSame(one.json(), sent)
    t.notMatch(one.body, /passwordHash|secret|street|hidden/)
    const many = await app.inject('/users')
    t.strictSame(many.json(), [sent, { id: 2, name: 'Grace', role: 'member' }])
    t.notMatch(many.body, /secret|token/)
  })

  t.test('a status code without a response schema is sent as the handler gave it', async (t) => {
    const app = build(t, adapter, entry)
    app.get('/gone', { schema: { response: { 200: user } } }, async (_request, reply) => reply.code(404).send({ error: 'gone', extra: true }))
    const response = await app.inject('/gone')
    t.equal(response.statusCode, 404)
    t.strictSame(response.json(), { error: 'gone', extra: true })
  })

  t.test('a payload missing a required property answers 500 and does not echo what it held', async (t) => {
    const app = build(t, adapter, entry)
    app.get('/bad', { schema: { response: { 200: user } } }, async () => ({ name: 'no id', secret: 'hidden value' }))
    const response = await app.inject('/bad')
    t.equal(response.statusCode, 500)
    t.equal(response.json().error, 'Internal Server Error')
    t.notMatch(response.body, /hidden value/)
  })

  const { responseMismatch } = adapter
  if (responseMismatch !== undefined) {
    t.test('a payload that does not match reaches the error handler as the adapter\'s error, answered 500', async (t) => {
      const app = build(t, adapter, entry)
      let seen: unknown
      app.setErrorHandler(function observe (error, _request, reply) {
        seen = error
        return reply.send(error)
      })
      app.get('/bad', { schema: { response: { 200: user } } }, async () => ({ name: 'no id' }))
      const response = await app.inject('/bad')
      t.equal(response.statusCode, 500)
      t.equal(response.json().message, responseMismatch.message)
      t.ok(seen instanceof responseMismatch.errorClass)
      t.ok(Array.isArray((seen as { validation?: unknown }).validation), 'the issues, in the default shape')
    })
  }

  const { serializerCompiler } = adapter
  if (serializerCompiler === undefined) return

  t.test('per route and per context: the serializer reaches its routes only; a sibling keeps the default', async (t) => {
    const app = entry.create()
    t.teardown(() => app.close())
    const compiled: string[] = []
    app.register(async function adapterContext (scope: EnclaveInstance) {
      scope.setSerializerCompiler(recording(serializerCompiler, compiled))
      scope.get('/a/user', { schema: { response: { 200: user } } }, async () => stored)
    })
    app.register(async function sibling (scope: EnclaveInstance) {
      scope.get('/b/user', { schema: { response: { 200: { type: 'object', properties: { name: { type: 'string' } } } } } }, async () => stored)
    })
    app.get('/route', { serializerCompiler: recording(serializerCompiler, compiled), schema: { response: { 200: user } } }, async () => stored)
    await app.ready()
    // The automatic HEAD routes share the GET routes' serializers; they are not what is under test.
    t.strictSame(compiled.filter((route) => route.startsWith('GET')).sort(), ['GET /a/user 200', 'GET /route 200'])
    t.strictSame((await app.inject('/a/user')).json(), sent)
    t.strictSame((await app.inject('/route')).json(), sent)
    t.equal((await app.inject('/b/user')).body, '{"name":"Ada"}')
  })
}
