import type { Test } from 'tap'
import type { EnclaveInstance, ValidatorCompiler } from '@enclave/core'
import type { ConformanceAdapter } from './adapter.js'
import type { Entry } from './entries.js'
import { expectBadRequest } from './request-parts.js'

/** The adapter's compiler, recording each route part it compiles: that is how a user sees which compiler a route got. */
function recording (compiler: ValidatorCompiler, compiled: string[]): ValidatorCompiler {
  return function recordingCompiler (input) {
    compiled.push(`${input.method} ${input.url} ${String(input.httpPart)}`)
    return compiler(input)
  }
}

/** Another library's compiler: accepts anything and replaces the part with a marker. */
const otherLibrary: ValidatorCompiler = function otherLibraryCompiler (input) {
  const marker = { validatedBy: `other library (${String(input.httpPart)})` }
  return () => ({ value: marker })
}

/** The same body as the adapter's `body` schema, in JSON Schema for the default compiler. */
const jsonBody = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' } } }
const defaultMissingName = "body should have required property 'name'"

function build (t: Test, entry: Entry): EnclaveInstance {
  const app = entry.create()
  t.teardown(() => app.close())
  return app
}

const post = (app: EnclaveInstance, url: string, payload: object) => app.inject({ method: 'POST', url, payload })

export function compilerScope (t: Test, adapter: ConformanceAdapter, entry: Entry): void {
  const { body } = adapter.schemas
  const { missingName } = adapter.messages

  t.test('per route: the route option compiles that route only; the next route keeps the default compiler', async (t) => {
    const app = build(t, entry)
    const compiled: string[] = []
    app.post('/adapter', { validatorCompiler: recording(adapter.validatorCompiler, compiled), schema: { body } }, async (request) => request.body)
    app.post('/default', { schema: { body: jsonBody } }, async (request) => request.body)
    await app.ready()
    t.strictSame(compiled, ['POST /adapter body'])

    t.strictSame((await post(app, '/adapter', { name: 'x' })).json(), { name: 'x' })
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/adapter', payload: { age: 1 } }, missingName)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/default', payload: { age: 1 } }, defaultMissingName)
  })

  t.test('per server: setValidatorCompiler at the root reaches every route, child contexts included', async (t) => {
    const app = build(t, entry)
    const compiled: string[] = []
    app.setValidatorCompiler(recording(adapter.validatorCompiler, compiled))
    app.post('/root', { schema: { body } }, async (request) => request.body)
    app.register(async function child (child: EnclaveInstance) {
      child.post('/child', { schema: { body } }, async (request) => request.body)
    })
    await app.ready()
    t.strictSame(compiled.sort(), ['POST /child body', 'POST /root body'])
    for (const url of ['/root', '/child']) await expectBadRequest(t, app, entry, { method: 'POST', url, payload: { age: 1 } }, missingName)
  })

  t.test('per context: a compiler set in a plugin reaches its routes and descendants, not its sibling or the root', async (t) => {
    const app = build(t, entry)
    const compiled: string[] = []
    app.register(async function adapterContext (scope: EnclaveInstance) {
      scope.setValidatorCompiler(recording(adapter.validatorCompiler, compiled))
      scope.post('/item', { schema: { body } }, async (request) => request.body)
      scope.register(async function nested (child: EnclaveInstance) {
        child.post('/nested', { schema: { body } }, async (request) => request.body)
      })
    }, { prefix: '/a' })
    app.register(async function sibling (scope: EnclaveInstance) {
      scope.post('/item', { schema: { body: jsonBody } }, async (request) => request.body)
    }, { prefix: '/b' })
    app.post('/root', { schema: { body: jsonBody } }, async (request) => request.body)
    await app.ready()
    t.strictSame(compiled.sort(), ['POST /a/item body', 'POST /a/nested body'])

    await expectBadRequest(t, app, entry, { method: 'POST', url: '/a/nested', payload: { age: 1 } }, missingName)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/b/item', payload: { age: 1 } }, defaultMissingName)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/root', payload: { age: 1 } }, defaultMissingName)
  })

  if (adapter.buildErrors !== undefined) {
    t.test('per context: the adapter\'s schema in a sibling without its compiler fails the build, naming the route', async (t) => {
      const app = build(t, entry)
      app.register(async function adapterContext (scope: EnclaveInstance) {
        scope.setValidatorCompiler(adapter.validatorCompiler)
      })
      app.register(async function sibling (scope: EnclaveInstance) {
        scope.post('/b', { schema: { body } }, async () => 'never')
      })
      const error = await app.ready().then(() => null, (error: { code?: string, message: string }) => error)
      t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD', 'the default compiler got it: the sibling did not inherit')
      t.match(error?.message, /POST: \/b/)
    })
  }

  t.test('a route option wins over the context compiler', async (t) => {
    const app = build(t, entry)
    app.register(async function otherContext (scope: EnclaveInstance) {
      scope.setValidatorCompiler(otherLibrary)
      scope.post('/adapter', { validatorCompiler: adapter.validatorCompiler, schema: { body } }, async (request) => request.body)
      scope.post('/other', { schema: { body } }, async (request) => request.body)
    })
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/adapter', payload: { age: 1 } }, missingName)
    t.strictSame((await post(app, '/other', { age: 1 })).json(), { validatedBy: 'other library (body)' })
  })

  t.test('per part: one compiler picks the adapter for the body and another library for the querystring', async (t) => {
    function perPart (input: Parameters<ValidatorCompiler>[0]) {
      if (input.httpPart === 'body') return adapter.validatorCompiler(input)
      if (input.httpPart === 'querystring') return otherLibrary(input)
      throw new Error(`no compiler for ${String(input.httpPart)}`)
    }
    const app = build(t, entry)
    app.post('/mixed', { validatorCompiler: perPart, schema: { body, querystring: adapter.schemas.querystring } }, async (request) => ({ body: request.body, query: request.query }))
    const ok = await post(app, '/mixed?n=5', { name: 'x' })
    t.strictSame(ok.json(), { body: { name: 'x' }, query: { validatedBy: 'other library (querystring)' } })
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/mixed?n=five', payload: { age: 1 } }, missingName)

    const missing = build(t, entry)
    missing.get('/:id', { validatorCompiler: perPart, schema: { params: adapter.schemas.params } }, async () => 'never')
    const error = await missing.ready().then(() => null, (error: { code?: string, message: string }) => error)
    t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
    t.match(error?.message, /no compiler for params/)
  })

  t.test('shared schemas (addSchema) leave the adapter\'s routes alone; JSON Schema routes still resolve them', async (t) => {
    const app = build(t, entry)
    app.addSchema({ $id: 'address', type: 'object', required: ['city'], properties: { city: { type: 'string' } } })
    app.post('/adapter', { validatorCompiler: adapter.validatorCompiler, schema: { body } }, async (request) => request.body)
    app.post('/json', { schema: { body: { type: 'object', properties: { home: { $ref: 'address#' } } } } }, async (request) => request.body)
    t.strictSame((await post(app, '/adapter', { name: 'x' })).json(), { name: 'x' })
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/adapter', payload: { age: 1 } }, missingName)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/json', payload: { home: {} } }, "body/home should have required property 'city'")
  })
}
