import t from 'tap'
import type { Test } from 'tap'
import enclave, { errorCodes } from '@enclave/core'
import { plugin } from '@enclave/plugin'
import Fastify4 from 'fastify4'
import fastifyFace from '@enclave/fastify4'
import type { EnclaveInstance } from '@enclave/core'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

const kinds = ['decorate', 'decorateRequest', 'decorateReply'] as const

function decorateWith (app: EnclaveInstance, kind: typeof kinds[number], name: unknown, value: unknown, dependencies?: unknown): void {
  (app[kind] as (name: unknown, value: unknown, dependencies?: unknown) => unknown).call(app, name, value, dependencies)
}

t.test('FST_ERR_DEC_ALREADY_PRESENT: a name decorated twice in one context', async (t) => {
  const app = build(t)
  for (const kind of kinds) {
    decorateWith(app, kind, 'twice', null)
    t.throws(() => decorateWith(app, kind, 'twice', null), {
      code: 'FST_ERR_DEC_ALREADY_PRESENT',
      message: "The decorator 'twice' has already been added!"
    }, kind)
  }
})

t.test('FST_ERR_DEC_ALREADY_PRESENT: two wrapped plugins decorating the same name in one context', async (t) => {
  const app = build(t)
  app.register(plugin(async function firstDb (instance) { instance.decorate('db', 'first') }, { name: 'first-db' }))
  app.register(plugin(async function secondDb (instance) { instance.decorate('db', 'second') }, { name: 'second-db' }))
  await t.rejects(app.ready(), { code: 'FST_ERR_DEC_ALREADY_PRESENT', message: "The decorator 'db' has already been added!" })
})

t.test('FST_ERR_DEC_ALREADY_PRESENT: the instance API cannot be overwritten; request/reply getters cannot be assigned', async (t) => {
  const app = build(t)
  // @ts-expect-error the types refuse to redecorate the API as well
  t.throws(() => app.decorate('get', 1), { code: 'FST_ERR_DEC_ALREADY_PRESENT', message: "The decorator 'get' has already been added!" })
  // @ts-expect-error the types refuse to redecorate the API as well
  t.throws(() => app.decorate('register', 1), { code: 'FST_ERR_DEC_ALREADY_PRESENT' })
  // As in Fastify 4, the assignment over a getter fails with a TypeError.
  t.throws(() => app.decorateRequest('url', null), TypeError)
  const inChild: unknown[] = []
  app.register(async function child (child) {
    for (const [kind, name] of [['decorate', 'addHook'], ['decorateRequest', 'method']] as const) {
      try {
        decorateWith(child, kind, name, null)
        inChild.push('accepted')
      } catch (error) {
        inChild.push((error as { code?: string, name: string }).code ?? (error as Error).name)
      }
    }
  })
  await app.ready()
  t.same(inChild, ['FST_ERR_DEC_ALREADY_PRESENT', 'TypeError'])
})

t.test('request/reply getters cannot be decorated (a TypeError, as in Fastify 4.29); setters validate the value', async (t) => {
  const app = build(t)
  t.throws(() => app.decorateRequest('url', null), TypeError)
  t.throws(() => app.decorateReply('server', null), TypeError)
  t.throws(() => decorateWith(app, 'decorateReply', 'statusCode', 'x'), { code: 'FST_ERR_BAD_STATUS_CODE' })
  t.throws(() => app.decorateReply('sent', false), { code: 'FST_ERR_REP_SENT_VALUE' })
})

t.test('FST_ERR_DEC_MISSING_DEPENDENCY: a dependency that is not decorated (yet, here, or of that kind)', async (t) => {
  const app = build(t)
  for (const kind of kinds) {
    t.throws(() => decorateWith(app, kind, 'needsAuth', null, ['auth']), {
      code: 'FST_ERR_DEC_MISSING_DEPENDENCY',
      message: "The decorator is missing dependency 'auth'."
    }, kind)
    t.equal(kind === 'decorate' ? app.hasDecorator('needsAuth') : kind === 'decorateRequest' ? app.hasRequestDecorator('needsAuth') : app.hasReplyDecorator('needsAuth'), false, `${kind}: nothing was added`)
  }
  app.decorate('instanceOnly', 1)
  t.throws(() => app.decorateRequest('user', null, ['instanceOnly']), { code: 'FST_ERR_DEC_MISSING_DEPENDENCY' }, 'a request decorator depends on request decorators')
  let failure: unknown
  app.register(async function child (child) { child.decorate('deep', 1) })
  app.register(async function sibling (sibling) {
    try { sibling.decorate('needsDeep', 1, ['deep']) } catch (error) { failure = error }
  })
  await app.ready()
  t.match(failure, { code: 'FST_ERR_DEC_MISSING_DEPENDENCY', message: "The decorator is missing dependency 'deep'." }, 'a sibling decorator is not a dependency')
})

t.test('FST_ERR_DEC_DEPENDENCY_INVALID_TYPE: dependencies that are not an array', async (t) => {
  const app = build(t)
  for (const kind of kinds) {
    t.throws(() => decorateWith(app, kind, 'x', null, 'auth'), {
      code: 'FST_ERR_DEC_DEPENDENCY_INVALID_TYPE',
      message: "The dependencies of decorator 'x' must be of type Array."
    }, kind)
  }
})

t.test('FST_ERR_DEC_REFERENCE_TYPE: an object or array on request/reply would be shared by every request', async (t) => {
  const app = build(t)
  for (const kind of ['decorateRequest', 'decorateReply'] as const) {
    t.throws(() => decorateWith(app, kind, 'cache', {}), {
      code: 'FST_ERR_DEC_REFERENCE_TYPE',
      message: "The decorator 'cache' of type 'object' is a reference type. Use null or the { getter, setter } interface instead, and set the value in a hook."
    }, `${kind} object`)
    t.throws(() => decorateWith(app, kind, 'list', []), {
      code: 'FST_ERR_DEC_REFERENCE_TYPE',
      message: "The decorator 'list' of type 'array' is a reference type. Use null or the { getter, setter } interface instead, and set the value in a hook."
    }, `${kind} array`)
  }
  t.equal(app.hasRequestDecorator('cache'), false)
  const decorated = app.decorate('sharedOnPurpose', { one: 'object for the instance' })
  t.same(decorated.sharedOnPurpose, { one: 'object for the instance' }, 'the instance may hold objects')
  app.decorateRequest('perRequest', { getter () { return { fresh: true } } })
  t.equal(app.hasRequestDecorator('perRequest'), true, 'the getter form is the way to give each request its own object')
})

t.test('FST_ERR_DEC_AFTER_START: decorating once the server is ready', async (t) => {
  const app = build(t)
  await app.ready()
  for (const kind of kinds) {
    t.throws(() => decorateWith(app, kind, 'late', null), {
      code: 'FST_ERR_DEC_AFTER_START',
      message: "The decorator 'late' has been added after start!"
    }, kind)
  }
})

t.test('a name that is not a string or symbol is turned into a property key, as fastify@4.29.1 does', async (t) => {
  for (const [name, factory] of [['fastify4', Fastify4], ['enclave', enclave], ['@enclave/fastify4', fastifyFace]] as const) {
    const app = (factory as (options?: object) => EnclaveInstance)()
    t.teardown(() => app.close())
    decorateWith(app, 'decorate', 42, 'answer')
    decorateWith(app, 'decorateRequest', 7, 'seven')
    app.get('/', async (request) => ({ value: (app as unknown as Record<string, unknown>)['42'], request: (request as unknown as Record<string, unknown>)['7'] }))
    t.equal(app.hasDecorator('42'), true, `${name}: decorate(42) is 'decorate("42")'`)
    t.throws(() => decorateWith(app, 'decorate', '42', 'again'), { code: 'FST_ERR_DEC_ALREADY_PRESENT' }, `${name}: '42' is the same name`)
    const response = await app.inject('/')
    t.same(response.json(), { value: 'answer', request: 'seven' }, name)
  }
})

t.test('referenceDecorators: an object or array on request/reply warns (FSTDEP006) and decorates on @enclave/fastify4, as fastify@4.29.1; enclave() refuses it', async (t) => {
  const seen: string[] = []
  const onWarning = (warning: Error & { code?: string }): void => { seen.push(String(warning.code)) }
  process.on('warning', onWarning)
  t.teardown(() => { process.off('warning', onWarning) })
  for (const [name, factory] of [['@enclave/fastify4', fastifyFace], ['fastify4', Fastify4], ['enclave() with referenceDecorators: warn', (options?: object) => enclave({ ...options, referenceDecorators: 'warn' })]] as const) {
    const app = (factory as (options?: object) => EnclaveInstance)()
    t.teardown(() => app.close())
    decorateWith(app, 'decorateRequest', 'shared', { count: 0 })
    decorateWith(app, 'decorateReply', 'list', [])
    app.get('/', async (request, reply) => {
      const shared = (request as unknown as { shared: { count: number } }).shared
      shared.count++
      return { count: shared.count, list: Array.isArray((reply as unknown as { list: unknown }).list) }
    })
    t.same((await app.inject('/')).json(), { count: 1, list: true }, `${name}: decorated`)
    t.same((await app.inject('/')).json(), { count: 2, list: true }, `${name}: one object shared by every request`)
    if (name === '@enclave/fastify4') {
      await new Promise((resolve) => setImmediate(resolve))
      t.same(seen, ['FSTDEP006'], '@enclave/fastify4 emitted FSTDEP006, once a process as Fastify does')
    }
  }
  t.throws(() => decorateWith(enclave(), 'decorateRequest', 'shared', {}), { code: 'FST_ERR_DEC_REFERENCE_TYPE' }, 'enclave() default: refused')
  t.throws(() => decorateWith(fastifyFace({ referenceDecorators: 'reject' } as object) as unknown as EnclaveInstance, 'decorateRequest', 'shared', {}), { code: 'FST_ERR_DEC_REFERENCE_TYPE' }, '@enclave/fastify4 with referenceDecorators: reject')
  t.throws(() => enclave({ referenceDecorators: 'sometimes' as 'warn' }), { code: 'FST_ERR_INIT_OPTS_INVALID' }, 'a wrong value fails at start')
})

t.test('decorator errors are instances of their catalogued classes', async (t) => {
  const app = build(t)
  app.decorate('x', 1)
  try {
    app.decorate('x', 2)
    t.fail('should throw')
  } catch (error) {
    t.ok(error instanceof errorCodes.FST_ERR_DEC_ALREADY_PRESENT)
    t.ok(error instanceof Error)
  }
})
