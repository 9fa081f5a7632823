import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

// Plugins replace built-in reply methods with decorateReply (a view engine's reply.view, a
// serializer's reply.send wrapper…); Fastify 4 allows that, and so must both faces.
const factories: Array<[string, (options?: any) => any]> = [
  ['fastify4', (options) => Fastify(options)],
  ['fastify face', (options) => createServer(options, fastifyProfile)],
  ['enclave()', (options) => enclave(options)]
]
const replaceable = ['code', 'status', 'header', 'headers', 'type', 'serializer', 'serialize', 'redirect', 'callNotFound', 'getHeaders', 'hasHeader', 'removeHeader', 'getResponseTime', 'hijack', 'trailer', 'compileSerializationSchema', 'getSerializationFunction', 'serializeInput']

t.test('decorateReply replaces the built-in reply methods Fastify 4 lets plugins replace', async (t) => {
  for (const [name, factory] of factories) {
    for (const method of replaceable) {
      const app = factory()
      app.decorateReply(method, function replaced () { return 'replaced' })
      app.get('/', async (_request: any, reply: any) => ({ replaced: reply[method]() === 'replaced' }))
      t.same((await app.inject('/')).json(), { replaced: true }, `${name}: reply.${method}`)
      await app.close()
    }
  }
})

t.test('a replaced reply.send is what handlers call', async (t) => {
  for (const [name, factory] of factories) {
    const app = factory()
    app.register(async (child: any) => {
      child.decorateReply('sendWrapped', function sendWrapped (this: any, payload: unknown) { return this.code(201).send({ wrapped: payload }) })
      child.get('/', async (_request: any, reply: any) => reply.sendWrapped('x'))
    })
    const response = await app.inject('/')
    t.equal(response.statusCode, 201, name)
    t.same(response.json(), { wrapped: 'x' }, name)
    await app.close()
  }
})

t.test('a reply decorator is declared once along a context\'s ancestry; an instance decorator may be shadowed', async (t) => {
  for (const [name, factory] of factories) {
    const app = factory()
    app.decorate('label', 'root')
    app.decorateRequest('role', 'guest')
    app.decorateReply('kind', 'plain')
    const seen: string[] = []
    app.register(async (child: any) => {
      for (const [kind, key] of [['decorate', 'label'], ['decorateRequest', 'role'], ['decorateReply', 'kind']] as const) {
        try { child[kind](key, 'child'); seen.push('ok') } catch (error: any) { seen.push(error.code) }
      }
    })
    app.register(async (sibling: any) => { sibling.decorateReply('own', 1); seen.push('sibling ok') })
    app.register(async (sibling: any) => { sibling.decorateReply('own', 2); seen.push('sibling ok') })
    await app.ready()
    t.same(seen, ['ok', 'FST_ERR_DEC_ALREADY_PRESENT', 'FST_ERR_DEC_ALREADY_PRESENT', 'sibling ok', 'sibling ok'], name)
    await app.close()
  }
})

t.test('assigning over a reply getter fails, and statusCode/sent keep their checks', async (t) => {
  for (const [name, factory] of factories) {
    const app = factory()
    t.throws(() => app.decorateReply('elapsedTime', function replaced () {}), TypeError, `${name}: elapsedTime`)
    t.throws(() => app.decorateReply('statusCode', function bad () {}), { code: 'FST_ERR_BAD_STATUS_CODE' }, `${name}: statusCode`)
    t.throws(() => app.decorateReply('sent', function bad () {}), { code: 'FST_ERR_REP_SENT_VALUE' }, `${name}: sent`)
    await app.close()
  }
})
