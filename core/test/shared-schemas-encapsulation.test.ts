import t from 'tap'
import enclave, { errorCodes } from '@enclave/core'
import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function build (t: Test, options?: EnclaveOptions): EnclaveInstance {
  const app = enclave(options)
  t.teardown(() => app.close())
  return app
}

/** Marks a plugin the way the plugin wrapper (and fastify-plugin) does: no context of its own. */
function wrapped<T extends (...args: any[]) => unknown> (plugin: T): T {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true })
}

t.test('getSchemas: a context sees the root\'s schemas and its own, never its descendants\' or siblings\' (rule 8)', async (t) => {
  const app = build(t)
  const views: Record<string, string[]> = {}
  const ids = (instance: EnclaveInstance) => Object.keys(instance.getSchemas()).sort()

  app.addSchema({ $id: 'root', type: 'string' })
  app.register(async function child (child: EnclaveInstance) {
    child.addSchema({ $id: 'child', type: 'string' })
    child.register(async function grandchild (grandchild: EnclaveInstance) {
      grandchild.addSchema({ $id: 'grandchild', type: 'string' })
      views.grandchild = ids(grandchild)
    })
    child.after(() => { views.childAfterGrandchild = ids(child) })
    views.child = ids(child)
  })
  app.register(async function sibling (sibling: EnclaveInstance) {
    sibling.addSchema({ $id: 'sibling', type: 'string' })
    views.sibling = ids(sibling)
  })
  await app.ready()
  views.root = ids(app)

  t.strictSame(views, {
    child: ['child', 'root'],
    grandchild: ['child', 'grandchild', 'root'],
    childAfterGrandchild: ['child', 'root'],
    sibling: ['root', 'sibling'],
    root: ['root']
  })
})

t.test('getSchema returns the schema visible in the scope, or undefined', async (t) => {
  const app = build(t)
  const schema = { $id: 'user', type: 'object', properties: { id: { type: 'integer' } } }
  app.addSchema(schema)
  const seen: Record<string, unknown> = {}
  app.register(async function child (child: EnclaveInstance) {
    child.addSchema({ $id: 'local', type: 'string' })
    seen.userFromChild = child.getSchema('user')
    seen.local = child.getSchema('local')
  })
  await app.ready()
  // As Fastify's store: a copy of the schema added, the same copy every time.
  t.strictSame(app.getSchema('user'), schema, 'the schema that was added')
  t.not(app.getSchema('user'), schema, 'a copy, not the object given')
  t.equal(seen.userFromChild, app.getSchema('user'))
  t.strictSame(seen.local, { $id: 'local', type: 'string' })
  t.equal(app.getSchema('local'), undefined, 'not visible from the parent')
  t.equal(app.getSchema('nope'), undefined)
})

t.test('routes validate against the schemas of their own scope', async (t) => {
  const app = build(t)
  app.register(async function en (child: EnclaveInstance) {
    child.addSchema({ $id: 'greeting', type: 'object', properties: { text: { type: 'string', pattern: '^hello' } } })
    child.post('/en', { schema: { body: { $ref: 'greeting#' } } }, async (request) => request.body)
  })
  app.register(async function fr (child: EnclaveInstance) {
    // The same $id in a sibling scope is a different schema.
    child.addSchema({ $id: 'greeting', type: 'object', properties: { text: { type: 'string', pattern: '^bonjour' } } })
    child.post('/fr', { schema: { body: { $ref: 'greeting#' } } }, async (request) => request.body)
  })
  const send = async (url: string, text: string) => (await app.inject({ method: 'POST', url, payload: { text } })).statusCode
  t.equal(await send('/en', 'hello you'), 200)
  t.equal(await send('/en', 'bonjour'), 400)
  t.equal(await send('/fr', 'bonjour toi'), 200)
  t.equal(await send('/fr', 'hello'), 400)
})

t.test('a root schema added after register() in the same tick is visible to the child', async (t) => {
  const app = build(t)
  app.register(async function child (child: EnclaveInstance) {
    child.post('/late', { schema: { body: { $ref: 'late#' } } }, async (request) => request.body)
  })
  app.addSchema({ $id: 'late', type: 'object', required: ['x'] })
  t.equal((await app.inject({ method: 'POST', url: '/late', payload: {} })).json().message, "body should have required property 'x'")
})

t.test('a wrapped plugin adds its schemas to the parent scope', async (t) => {
  const app = build(t)
  app.register(wrapped(async function schemasPlugin (instance: EnclaveInstance) {
    instance.addSchema({ $id: 'fromPlugin', type: 'integer' })
  }))
  app.register(async function consumer (child: EnclaveInstance) {
    child.post('/uses', { schema: { body: { type: 'object', properties: { n: { $ref: 'fromPlugin#' } } } } }, async (request) => request.body)
  })
  await app.ready()
  t.ok(app.getSchema('fromPlugin'))
  t.strictSame((await app.inject({ method: 'POST', url: '/uses', payload: { n: '4' } })).json(), { n: 4 })
})

t.test('a duplicate $id in scope throws FST_ERR_SCH_ALREADY_PRESENT', async (t) => {
  const app = build(t)
  app.addSchema({ $id: 'dup', type: 'string' })
  t.throws(() => app.addSchema({ $id: 'dup', type: 'integer' }), {
    code: 'FST_ERR_SCH_ALREADY_PRESENT',
    message: "Schema with id 'dup' already declared!"
  })
  let childError: unknown
  app.register(async function child (child: EnclaveInstance) {
    try {
      child.addSchema({ $id: 'dup', type: 'number' })
    } catch (error) {
      childError = error
    }
  })
  await app.ready()
  t.ok(childError instanceof errorCodes.FST_ERR_SCH_ALREADY_PRESENT, 'redeclaring a parent $id in a child throws too')
})

t.test('a schema without $id throws FST_ERR_SCH_MISSING_ID', async (t) => {
  const app = build(t)
  for (const schema of [{ type: 'string' }, { $id: '', type: 'string' }, { $id: 5 }, null, 'schema', ['a']]) {
    t.throws(() => app.addSchema(schema as any), { code: 'FST_ERR_SCH_MISSING_ID', message: 'Missing schema $id property' }, JSON.stringify(schema))
  }
  t.strictSame(app.getSchemas(), {}, 'nothing was added')
})

t.test('addSchema after ready() is refused', async (t) => {
  const app = build(t)
  await app.ready()
  t.throws(() => app.addSchema({ $id: 'late', type: 'string' }), { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING', message: /addSchema/ })
})

t.test('contexts that see the same shared schemas share one Ajv instance', async (t) => {
  let instances = 0
  const app = build(t, { ajv: { onCreate () { instances++ } } })
  app.addSchema({ $id: 'common', type: 'object', properties: { n: { type: 'integer' } } })
  const route = (instance: EnclaveInstance, url: string) => {
    instance.post(url, { schema: { body: { $ref: 'common#' }, querystring: { q: { type: 'integer' } } } }, async (request) => request.body)
  }
  route(app, '/root')
  for (const name of ['a', 'b', 'c']) {
    app.register(async function sameSchemas (child: EnclaveInstance) {
      route(child, `/${name}`)
      child.register(async function deeper (grandchild: EnclaveInstance) { route(grandchild, `/${name}/deeper`) })
    })
  }
  app.register(async function ownSchemas (child: EnclaveInstance) {
    child.addSchema({ $id: 'extra', type: 'string' })
    route(child, '/own')
  })
  await app.ready()
  t.equal(instances, 2, 'one Ajv for the eight routes that see { common }, one for the context that adds { extra }')
  for (const url of ['/root', '/a', '/b/deeper', '/own']) {
    t.strictSame((await app.inject({ method: 'POST', url, payload: { n: '1' } })).json(), { n: 1 }, url)
  }
})

t.test('an identical schema set added in two sibling contexts shares one Ajv instance too', async (t) => {
  let instances = 0
  const app = build(t, { validator: { onCreate () { instances++ } } })
  for (const name of ['left', 'right']) {
    app.register(async function sibling (child: EnclaveInstance) {
      child.addSchema({ $id: 'same', type: 'integer' })
      child.post(`/${name}`, { schema: { body: { type: 'object', properties: { n: { $ref: 'same#' } } } } }, async (request) => request.body)
    })
  }
  app.post('/root', { schema: { body: { type: 'object' } } }, async (request) => request.body)
  await app.ready()
  t.equal(instances, 2, 'one for the root (no shared schemas), one for both siblings')
  t.equal((await app.inject({ method: 'POST', url: '/right', payload: { n: 'x' } })).json().message, 'body/n should be integer')
})

t.test('a context with a custom validator compiler builds no Ajv instance', async (t) => {
  let instances = 0
  const app = build(t, { ajv: { onCreate () { instances++ } } })
  app.addSchema({ $id: 'ignored', type: 'string' })
  app.setValidatorCompiler(() => () => true)
  app.post('/x', { schema: { body: { $ref: 'ignored#' } } }, async () => 'ok')
  await app.ready()
  t.equal(instances, 0)
  t.equal((await app.inject({ method: 'POST', url: '/x', payload: {} })).body, 'ok')
})
