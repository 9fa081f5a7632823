import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import Fastify from 'fastify4'
import { createServer, fastifyProfile } from '@enclave/core/internal'
import type { EnclaveInstance } from '@enclave/core'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

t.test('decorate adds values and methods to the instance; methods run with the instance as this', async (t) => {
  // Chained, so the instance's type carries the decorations into the child plugin.
  const app = build(t)
    .decorate('config', { db: 'postgres://x' })
    .decorate('describe', function describe (this: EnclaveInstance) { return `prefix '${this.prefix}'` })
    .decorate('answer', 42)
  app.register(async function child (child) {
    child.get('/', async function handler () {
      return { config: child.config, answer: child.answer, described: (child.describe as () => string)() }
    })
  }, { prefix: '/child' })
  await app.ready()
  t.same((await app.inject('/child')).json(), { config: { db: 'postgres://x' }, answer: 42, described: "prefix '/child'" }, 'methods see the calling instance')
})

t.test('decorateRequest and decorateReply: null placeholders filled per request in a hook, methods bound to the request/reply', async (t) => {
  const app = build(t)
  app.decorateRequest('user', null)
  app.decorateRequest('greet', function greet (this: any) { return `hello ${this.user.name}` })
  app.decorateReply('sendWrapped', function sendWrapped (this: any, data: unknown) { return this.send({ data }) })
  app.addHook('onRequest', async function loadUser (request) {
    (request as any).user = { name: String(request.headers['x-user'] ?? 'nobody') }
  })
  app.get('/', async function handler (request, reply) {
    return (reply as any).sendWrapped({ greeting: (request as any).greet() })
  })
  app.get('/untouched', async function handler (request) { return { user: (request as any).user } })
  await app.ready()
  t.same((await app.inject({ url: '/', headers: { 'x-user': 'ada' } })).json(), { data: { greeting: 'hello ada' } })
  t.same((await app.inject('/')).json(), { data: { greeting: 'hello nobody' } }, 'a value set on one request does not leak into the next')
})

t.test('a request decoration left at its initial value reads as that value', async (t) => {
  const app = build(t)
  app.decorateRequest('flag', false)
  app.decorateRequest('empty', null)
  app.decorateReply('count', 0)
  app.get('/', async function handler (request, reply) {
    return { flag: (request as any).flag, empty: (request as any).empty, count: (reply as any).count }
  })
  await app.ready()
  t.same((await app.inject('/')).json(), { flag: false, empty: null, count: 0 })
})

t.test('getter/setter form on the instance, the request and the reply', async (t) => {
  let stored = 'initial'
  const app = build(t).decorate('setting', {
    getter () { return stored },
    setter (value: string) { stored = value.toUpperCase() }
  })
  app.decorateRequest('userAgent', {
    getter (this: any) { return this.headers['user-agent'] ?? 'none' }
  })
  app.decorateReply('statusLine', {
    getter (this: any) { return `status ${this.statusCode}` }
  })
  app.get('/', async function handler (request, reply) {
    reply.code(201)
    return { setting: app.setting, userAgent: (request as any).userAgent, statusLine: (reply as any).statusLine }
  })
  app.setting = 'changed'
  t.equal(stored, 'CHANGED', 'the setter runs')
  await app.ready()
  const response = await app.inject({ url: '/', headers: { 'user-agent': 'probe/1' } })
  t.equal(response.statusCode, 201)
  t.same(response.json(), { setting: 'CHANGED', userAgent: 'probe/1', statusLine: 'status 201' })
})

t.test('hasDecorator / hasRequestDecorator / hasReplyDecorator see the context and its ancestors', async (t) => {
  const app = build(t)
  app.decorate('rootThing', 1)
  app.decorateRequest('rootRequest', null)
  app.decorateReply('rootReply', null)
  const seen: Record<string, boolean[]> = {}
  const check = (instance: EnclaveInstance, label: string): void => {
    seen[label] = [
      instance.hasDecorator('rootThing'), instance.hasRequestDecorator('rootRequest'), instance.hasReplyDecorator('rootReply'),
      instance.hasDecorator('childThing'), instance.hasRequestDecorator('childRequest'), instance.hasReplyDecorator('childReply')
    ]
  }
  app.register(async function child (child) {
    child.decorate('childThing', 2)
    child.decorateRequest('childRequest', null)
    child.decorateReply('childReply', null)
    check(child, 'child')
    child.register(async function grandchild (grandchild) { check(grandchild, 'grandchild') })
  })
  app.register(async function sibling (sibling) { check(sibling, 'sibling') })
  await app.ready()
  check(app, 'root')
  t.same(seen, {
    child: [true, true, true, true, true, true],
    grandchild: [true, true, true, true, true, true],
    sibling: [true, true, true, false, false, false],
    root: [true, true, true, false, false, false]
  })
  t.equal(app.hasDecorator('nothing'), false)
  t.equal(app.hasDecorator('register'), true, 'the instance API counts as present, as in Fastify')
  t.equal(app.hasReplyDecorator('send'), true)
})

t.test('getDecorator returns a visible value, a method bound to its instance, and refuses an unknown name', async (t) => {
  const app = build(t)
  app.decorate('value', 'v')
  app.decorate('whereAmI', function whereAmI (this: EnclaveInstance) { return this.prefix })
  let fromChild: unknown
  app.register(async function child (child) {
    const method = child.getDecorator<() => string>('whereAmI')
    fromChild = method()
  }, { prefix: '/c' })
  await app.ready()
  t.equal(app.getDecorator('value'), 'v')
  t.equal(fromChild, '/c', 'bound to the instance it was read from')
  t.throws(() => app.getDecorator('missing'), {
    code: 'FST_ERR_DEC_UNDECLARED',
    message: "No decorator 'missing' has been declared on instance."
  })
})

t.test('dependencies: a decorator may list decorators of its kind that must already be visible', async (t) => {
  const app = build(t)
  app.decorate('db', { query: () => 'rows' })
  app.decorateRequest('session', null)
  app.decorateReply('locale', 'en')
  app.register(async function child (child) {
    const withRepository = child.decorate('repository', { find: () => 'found' }, ['db'])
    child.decorateRequest('currentUser', null, ['session'])
    child.decorateReply('translate', function translate (this: any) { return this.locale }, ['locale'])
    child.get('/', async function handler (_request, reply) {
      return { repository: typeof withRepository.repository, translated: (reply as any).translate() }
    })
  })
  await app.ready()
  t.same((await app.inject('/')).json(), { repository: 'object', translated: 'en' })
})

t.test('symbols work as decorator names', async (t) => {
  const app = build(t)
  const kSecret = Symbol('secret')
  const decorated = app.decorate(kSecret, 's3cret')
  app.decorateRequest(kSecret, 'per request')
  app.get('/', async function handler (request) { return { instance: decorated[kSecret], request: (request as any)[kSecret] } })
  await app.ready()
  t.equal(app.hasDecorator(kSecret), true)
  t.same((await app.inject('/')).json(), { instance: 's3cret', request: 'per request' })
})

t.test('a child may shadow an ancestor instance decorator (the ancestor keeps its own), not a request/reply one', async (t) => {
  const app = build(t).decorate('label', 'root label')
  app.decorateRequest('role', 'guest')
  app.decorateReply('kind', 'plain')
  app.get('/', async function handler (request) { return { label: app.label, role: (request as any).role } })
  const refused: unknown[] = []
  app.register(async function child (child) {
    child.decorate('label', 'child label')
    try { child.decorateRequest('role', 'member') } catch (error: any) { refused.push(error.code) }
    try { child.decorateReply('kind', 'fancy') } catch (error: any) { refused.push(error.code) }
    child.get('/', async function handler (request) { return { label: child.label, role: (request as any).role } })
  }, { prefix: '/child' })
  await app.ready()
  t.same(refused, ['FST_ERR_DEC_ALREADY_PRESENT', 'FST_ERR_DEC_ALREADY_PRESENT'], 'as in Fastify 4')
  t.same((await app.inject('/')).json(), { label: 'root label', role: 'guest' })
  t.same((await app.inject('/child')).json(), { label: 'child label', role: 'guest' })
})

t.test('built-in request/reply methods can be redecorated and replace the built-in, as in Fastify 4.29 (@fastify/cors redecorates reply.getHeader); on enclave() so can the members Fastify 5 added', async (t) => {
  const run = async (app: any): Promise<unknown> => {
    app.decorateReply('getHeader', function (this: any, name: string) { return name === 'x' ? 'decorated x' : undefined })
    app.decorateReply('routeOptions', 'replaced')
    app.decorateReply('mediaType', 'replaced')
    app.decorateRequest('ips', 'replaced')
    app.decorateRequest('host', 'replaced')
    app.get('/', (request: any, reply: any) => {
      reply.send({ getHeader: reply.getHeader('x'), routeOptions: reply.routeOptions, mediaType: reply.mediaType, ips: request.ips, host: request.host })
    })
    const response = await app.inject('/')
    await app.close()
    return response.json()
  }
  const fastify4 = await run(Fastify())
  t.same(fastify4, { getHeader: 'decorated x', routeOptions: 'replaced', mediaType: 'replaced', ips: 'replaced', host: 'replaced' })
  t.same(await run(enclave()), fastify4)
  t.same(await run(createServer({}, fastifyProfile)), fastify4)
})

t.test('decorating a built-in: what Fastify 4.29 refuses (and how), Enclave refuses alike on both entries', async (t) => {
  // Functions: Fastify 4.29 assigns those to the prototype when decorating. A value of another type it
  // assigns in every request's constructor instead, where a getter throws at each request (see below).
  const fn = function decorated (): number { return 1 }
  const attempts: Array<['decorateRequest' | 'decorateReply', string, unknown]> = [
    ['decorateReply', 'send', fn], ['decorateReply', 'code', fn], ['decorateReply', 'then', fn],
    ['decorateReply', 'context', fn], ['decorateReply', 'elapsedTime', fn], ['decorateReply', 'statusCode', fn],
    ['decorateReply', 'sent', fn], ['decorateRequest', 'url', fn], ['decorateRequest', 'ip', fn],
    ['decorateRequest', 'routeOptions', fn], ['decorateRequest', 'is404', fn], ['decorateRequest', 'id', fn]
  ]
  const outcomes = (make: () => any): string[] => attempts.map(([kind, name, value]) => {
    const app = make()
    try {
      app[kind](name, value)
      return `${name}: accepted`
    } catch (error: any) {
      return `${name}: ${error.code ?? error.constructor.name}`
    }
  })
  const fastify4 = outcomes(() => Fastify())
  t.same(outcomes(() => enclave()), fastify4)
  t.same(outcomes(() => createServer({}, fastifyProfile)), fastify4)
  const trusted = (make: () => any): string => {
    try {
      make().decorateRequest('ips', null)
      return 'accepted'
    } catch (error: any) {
      return error.code
    }
  }
  t.equal(trusted(() => enclave({ trustProxy: true })), trusted(() => Fastify({ trustProxy: true })))
})

t.test('a value decorating a request/reply getter is refused when decorating, not at every request', async (t) => {
  // Fastify 4.29 accepts `decorateRequest('url', null)` and then throws a TypeError constructing every
  // request; Enclave refuses it up front so no request can fail on it.
  for (const app of [enclave(), createServer({}, fastifyProfile)] as any[]) {
    t.throws(() => app.decorateRequest('url', null), TypeError)
    t.throws(() => app.decorateReply('server', 'x'), TypeError)
    app.get('/', (request: any) => request.url)
    t.equal((await app.inject('/')).body, '/')
    await app.close()
  }
})

t.test('a child may redecorate an ancestor\'s request/reply decorator only when its value is a function, as in Fastify 4.29', async (t) => {
  const pairs: Array<[unknown, unknown]> = [[null, () => 1], [() => 1, null], [() => 1, () => 2], [null, null], [1, 2], [{ getter () { return 1 } }, () => 2]]
  const outcomes = async (make: () => any): Promise<string[]> => {
    const seen: string[] = []
    for (const [inRoot, inChild] of pairs) {
      for (const kind of ['decorateRequest', 'decorateReply']) {
        const app = make()
        app[kind]('user', inRoot)
        app.register(async (child: any) => {
          try {
            child[kind]('user', inChild)
            seen.push('accepted')
          } catch (error: any) {
            seen.push(error.code ?? error.constructor.name)
          }
        })
        await app.ready()
        await app.close()
      }
    }
    return seen
  }
  const fastify4 = await outcomes(() => Fastify())
  t.same(await outcomes(() => createServer({}, fastifyProfile)), fastify4)
  t.same(await outcomes(() => enclave()), fastify4)
})
