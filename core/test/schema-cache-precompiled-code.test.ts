// schemaCache: { code }: generated code recorded while one app is built serves another app, which
// never compiles a schema itself; what the recording did not see fails ready() naming the route.
import t from 'tap'
import { compileFunction } from 'node:vm'
import enclave, { type EnclaveInstance, type PrecompiledSchemaCode } from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function buildApp (schemaCache: { code: PrecompiledSchemaCode } | null, options: { lazySchemaCompilation?: boolean } = {}): EnclaveInstance {
  const app = enclave({ schemaCache, ...options })
  app.addSchema({ $id: 'item', type: 'object', required: ['name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } })
  app.post('/items/:id', {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      body: { $ref: 'item#' },
      response: { 200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, value: { anyOf: [{ type: 'integer' }, { type: 'object', properties: { text: { type: 'string' } } }] } } } }
    }
  }, async (request) => ({ ...(request.body as object), id: (request.params as { id: number }).id, value: { text: 'hi', dropped: true }, secret: 'x' }))
  // A route schema that is the shared schema itself (Ajv's store holds it under its $id).
  app.post('/shared', { schema: { body: { $id: 'item', type: 'object', required: ['name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } } }, async (request) => request.body)
  return app
}

/** Records the app's generated code as the build step does, as `schemaCache.code` for another app. */
async function record (t: Test, build: (code: PrecompiledSchemaCode) => EnclaveInstance): Promise<{ code: PrecompiledSchemaCode, sources: string[] }> {
  const recorded = new Map<string, string>()
  const app = build({ entries: [], modules: {}, record (hash, code) { recorded.set(hash, code) } })
  await app.ready()
  await app.close()
  const entries: unknown[] = []
  for (const [hash, source] of recorded) entries.push(hash, compileFunction(source, ['require', 'module', 'exports']))
  t.ok(recorded.size > 0, 'the build recorded code')
  return { code: { entries, modules: {} }, sources: [...recorded.values()] }
}

async function exercise (app: EnclaveInstance) {
  const post = (url: string, body: unknown) => app.fetch(new Request(`http://localhost${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
  const ok = await post('/items/3', { name: 'a' })
  const bad = await post('/items/3', { id: 1 })
  const badParam = await post('/items/x', { name: 'a' })
  const shared = await post('/shared', {})
  return [ok.status, await ok.text(), bad.status, await bad.text(), badParam.status, await badParam.text(), shared.status, await shared.text()]
}

t.test('recorded code serves an app that compiles nothing, answering as an app that compiles at start-up', async (t) => {
  const { code, sources } = await record(t, (recorder) => buildApp({ code: recorder }))
  t.equal(sources.length, 4, 'params, the body by $ref, the body that is the shared schema, the response schema')
  t.notOk(sources.some((source) => source.includes('fast-json-stringify/lib/validator')), 'anyOf in a response schema: its Ajv validators are in the code, not rebuilt at run time')
  const compiled = buildApp(null)
  const precompiled = buildApp({ code })
  t.teardown(() => Promise.all([compiled.close(), precompiled.close()]))
  const expected = await exercise(compiled)
  t.same(await exercise(precompiled), expected)
  t.equal(expected[1], '{"id":3,"name":"a","value":{"text":"hi"}}')
})

t.test('lazySchemaCompilation with schemaCache.code: every schema is loaded at ready(), and the app answers through app.fetch', async (t) => {
  const { code } = await record(t, (recorder) => buildApp({ code: recorder }, { lazySchemaCompilation: true }))
  const app = buildApp({ code }, { lazySchemaCompilation: true })
  t.teardown(() => app.close())
  const compiled = buildApp(null)
  t.teardown(() => compiled.close())
  t.same(await exercise(app), await exercise(compiled))
})

t.test('a schema the build did not see fails ready(), naming the route, the part and the schema', async (t) => {
  const { code } = await record(t, (recorder) => buildApp({ code: recorder }))
  const validation = buildApp({ code })
  validation.put('/later', { schema: { body: { type: 'object', properties: { later: { type: 'boolean' } } } } }, async () => 'ok')
  const error = await validation.ready().then(() => null, (error: unknown) => error as Error & { code: string, cause: Error & { code: string } })
  t.equal(error?.code, 'FST_ERR_SCH_VALIDATION_BUILD')
  t.match(error?.message, /PUT: \/later/)
  t.match(error?.message, /\{"type":"object","properties":\{"later":\{"type":"boolean"\}\}\} was not compiled when the app was built/)
  t.equal(error?.cause.code, 'ENC_ERR_SCHEMA_NOT_PRECOMPILED')

  const serialization = buildApp({ code })
  serialization.get('/later', { schema: { response: { 200: { type: 'object', properties: { later: { type: 'string' } } } } } }, async () => ({ later: 'x' }))
  const serializationError = await serialization.ready().then(() => null, (error: unknown) => error as Error & { code: string })
  t.equal(serializationError?.code, 'FST_ERR_SCH_SERIALIZATION_BUILD')
  t.match(serializationError?.message, /GET: \/later/)
  t.match(serializationError?.message, /The response schema \{"type":"object","properties":\{"later":\{"type":"string"\}\}\} was not compiled/)
})

t.test('options whose code no key describes are refused with schemaCache.code', async (t) => {
  const code: PrecompiledSchemaCode = { entries: [], modules: {} }
  t.throws(() => enclave({ schemaCache: { code }, ajv: { plugins: [function plugin (ajv: unknown) { return ajv }] } }), { code: 'ENC_ERR_SCHEMA_NOT_PRECOMPILED', message: /ajv option/ })
  t.throws(() => enclave({ schemaCache: { code }, ajv: { onCreate () {} } }), { code: 'ENC_ERR_SCHEMA_NOT_PRECOMPILED' })
  t.throws(() => enclave({ schemaCache: { code }, ajv: { customOptions: { formats: { even: /^[02468]$/ } } } }), { code: 'ENC_ERR_SCHEMA_NOT_PRECOMPILED' })
  t.throws(() => enclave({ schemaCache: { code: {} } as never }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ schemaCache: { code, dir: '/tmp' } as never }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  // Without schemas, nothing is asked of the code.
  const app = enclave({ schemaCache: { code } })
  app.get('/', async () => 'ok')
  t.equal(await (await app.fetch(new Request('http://localhost/'))).text(), 'ok')
})
