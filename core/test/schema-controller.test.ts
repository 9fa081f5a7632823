import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]
type Factory = (options?: any) => any

// Every case runs on fastify@4.29.1 and on enclave(): the schema controller has no difference.
const factories: Array<[string, Factory]> = [['fastify4', Fastify as unknown as Factory], ['enclave', enclave as unknown as Factory]]

function build (t: Test, factory: Factory, options?: Record<string, unknown>): any {
  const app = factory(options)
  t.teardown(() => app.close())
  return app
}

/** A bucket that records what it is asked, so the calls can be compared across frameworks. */
function recordingBucket (log: unknown[]) {
  return function bucket (parentSchemas?: Record<string, unknown>) {
    log.push(['bucket', parentSchemas === undefined ? null : Object.keys(parentSchemas)])
    const store: Record<string, any> = Object.assign({}, parentSchemas)
    return {
      add (schema: any) { log.push(['add', schema.$id]); store[schema.$id] = schema },
      getSchema (id: string) { return store[id] },
      getSchemas () { return Object.assign({}, store) }
    }
  }
}

async function runBucketScenario (t: Test, factory: Factory) {
  const log: unknown[] = []
  const app = build(t, factory, {
    schemaController: {
      bucket: recordingBucket(log),
      compilersFactory: {
        buildValidator (externalSchemas: Record<string, unknown>, ajvOptions: unknown) {
          log.push(['buildValidator', Object.keys(externalSchemas).sort(), ajvOptions])
          return ({ httpPart }: { httpPart: string }) => (data: any) => data?.ok === true ? true : { error: [{ instancePath: '', keyword: 'ok', params: {}, message: 'refused by the custom validator' }] }
        },
        buildSerializer (externalSchemas: Record<string, unknown>) {
          log.push(['buildSerializer', Object.keys(externalSchemas).sort()])
          return () => (data: unknown) => 'custom:' + JSON.stringify(data)
        }
      }
    }
  })
  app.addSchema({ $id: 'root', type: 'string' })
  const rootView = { one: app.getSchema('root'), all: Object.keys(app.getSchemas()) }
  let childView: unknown
  app.register(async function child (instance: any) {
    instance.addSchema({ $id: 'child', type: 'string' })
    childView = Object.keys(instance.getSchemas()).sort()
    instance.post('/child', { schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } } }, async () => ({ from: 'child' }))
  })
  app.post('/', { schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } } }, async () => ({ from: 'root' }))
  await app.ready()
  const refused = await app.inject({ method: 'POST', url: '/', payload: {} })
  const accepted = await app.inject({ method: 'POST', url: '/', payload: { ok: true } })
  const child = await app.inject({ method: 'POST', url: '/child', payload: { ok: true } })
  return {
    rootView,
    childView,
    afterReady: { root: Object.keys(app.getSchemas()) },
    refused: [refused.statusCode, refused.json().message],
    accepted: [accepted.statusCode, accepted.body],
    child: [child.statusCode, child.body],
    buckets: log.filter((entry: any) => entry[0] === 'bucket' || entry[0] === 'add'),
    factories: log.filter((entry: any) => entry[0] === 'buildValidator' || entry[0] === 'buildSerializer').map((entry: any) => JSON.stringify(entry)).sort()
  }
}

t.test('schemaController: the bucket stores the schemas and the compilersFactory builds the compilers, as in Fastify', async (t) => {
  const [fastify, ours] = [await runBucketScenario(t, factories[0]![1]), await runBucketScenario(t, factories[1]![1])]
  t.strictSame(ours, fastify)
  t.strictSame(ours.rootView, { one: { $id: 'root', type: 'string' }, all: ['root'] }, 'getSchema / getSchemas read the bucket')
  t.strictSame(ours.childView, ['child', 'root'], "a child's bucket starts from the parent's schemas")
  t.strictSame(ours.refused, [400, 'body refused by the custom validator'])
  t.strictSame(ours.accepted, [200, 'custom:{"from":"root"}'])
  t.strictSame(ours.buckets, [['bucket', null], ['add', 'root'], ['bucket', ['root']], ['add', 'child']])
  t.ok(ours.factories.includes(JSON.stringify(['buildValidator', ['child', 'root'], { customOptions: {}, plugins: [] }])), 'buildValidator gets the visible schemas and the ajv option')
})

for (const [name, factory] of factories) {
  t.test(`${name}: setSchemaController replaces the compilers of one context and its descendants`, async (t) => {
    const app = build(t, factory)
    app.register(async function scoped (instance: any) {
      instance.setSchemaController({
        compilersFactory: { buildValidator: () => ({ httpPart }: { httpPart: string }) => () => ({ error: new Error(`controller refused the ${httpPart}`) }) }
      })
      instance.post('/scoped', { schema: { body: { type: 'object' } } }, async () => 'scoped')
    })
    app.post('/root', { schema: { body: { type: 'object' } } }, async () => 'root')
    await app.ready()
    const scoped = await app.inject({ method: 'POST', url: '/scoped', payload: {} })
    t.strictSame([scoped.statusCode, scoped.json().message], [400, 'controller refused the body'])
    t.equal((await app.inject({ method: 'POST', url: '/root', payload: {} })).body, 'root', 'the parent keeps the default validator')
    t.throws(() => app.setSchemaController({}), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING' }, 'not after ready()')
  })

  t.test(`${name}: a schemaController.bucket that is not a function is refused when the server is created`, async (t) => {
    t.throws(() => factory({ schemaController: { bucket: 'nope' } }), {
      code: 'FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN',
      message: "schemaController.bucket option should be a function, instead got 'string'"
    })
  })

  t.test(`${name}: validatorCompiler / serializerCompiler are undefined until ready() builds them for the context's routes`, async (t) => {
    const app = build(t, factory)
    const seen: Record<string, unknown> = { before: [app.validatorCompiler, app.serializerCompiler] }
    let child: any
    let ownRoutes: any
    app.post('/', { schema: { body: { type: 'object' }, response: { 200: { type: 'object' } } } }, async () => ({}))
    app.register(async function plugin (instance: any) { child = instance })
    const parentOfOwn = build(t, factory)
    parentOfOwn.register(async function plugin (instance: any) {
      ownRoutes = instance
      instance.get('/', { schema: { querystring: { type: 'object' } } }, async () => 'x')
    })
    await parentOfOwn.ready()
    seen.ownRoutes = [parentOfOwn.validatorCompiler, typeof ownRoutes.validatorCompiler, ownRoutes.serializerCompiler]
    await app.ready()
    seen.after = [typeof app.validatorCompiler, typeof app.serializerCompiler]
    seen.child = [child.validatorCompiler === app.validatorCompiler, child.serializerCompiler === app.serializerCompiler]

    const custom = () => () => true
    const other = build(t, factory)
    other.setValidatorCompiler(custom)
    seen.set = [other.validatorCompiler === custom, other.serializerCompiler]

    const plain = build(t, factory)
    plain.get('/', async () => 'x')
    await plain.ready()
    seen.noSchemas = [plain.validatorCompiler, plain.serializerCompiler]
    t.strictSame(seen, {
      before: [undefined, undefined],
      ownRoutes: [undefined, 'function', undefined],
      after: ['function', 'function'],
      child: [true, true],
      set: [true, undefined],
      noSchemas: [undefined, undefined]
    })
  })
}
