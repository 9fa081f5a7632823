import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import { plugin } from '@enclave/plugin'
import type { EnclaveInstance } from '@enclave/core'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

const noop = async function handler (): Promise<string> { return 'ok' }

t.test('printContexts draws the context tree with what each context adds', async (t) => {
  const app = build(t)
  app.decorate('config', {})
  app.decorateRequest('user', null)
  app.addHook('onRequest', async function audit () {})
  app.addSchema({ $id: 'user', type: 'object' })
  app.get('/', noop)
  app.register(plugin(async function auth (instance) {
    instance.decorateReply('deny', function deny () {})
    instance.addHook('preHandler', async function checkToken () {})
  }, { name: 'auth' }))
  app.register(async function api (api) {
    api.decorate('db', {})
    api.setErrorHandler(function apiErrors (error, _request, reply) { reply.send(error) })
    api.setNotFoundHandler(function apiNotFound (_request, reply) { reply.code(404).send('none') })
    api.addContentTypeParser('application/xml', { parseAs: 'string' }, function parseXml (_request: unknown, body: string, done: (error: null, value: string) => void) { done(null, body) })
    api.addSchema({ $id: 'order', type: 'object' })
    api.get('/orders', noop)
    api.post('/orders', noop)
    api.register(async function admin (admin) {
      admin.decorateRequest('isAdmin', false)
      admin.addHook('onRequest', async function requireAdmin () {})
      admin.addHook('onRequest', async () => {})
      admin.get('/stats', noop)
    }, { prefix: '/admin' })
  }, { prefix: '/api' })
  app.register(async function quiet (quiet) {
    quiet.setValidatorCompiler(function looseValidator () { return () => true })
    quiet.setSerializerCompiler(function plainSerializer () { return (data: unknown) => String(data) })
    quiet.setSchemaErrorFormatter(function shortErrors () { return new Error('bad') })
    quiet.setReplySerializer(function replyAsText (payload: unknown) { return String(payload) })
  }, { logLevel: 'error' })
  // An arrow in an array literal has no name: it is shown by its source.
  const [anonymous] = [async (instance: EnclaveInstance) => { instance.get('/anonymous', noop) }]
  app.register(anonymous!)
  app.register(async function empty () {})
  await app.ready()
  t.equal(app.printContexts(), [
    'root',
    '│ wrapped plugins: auth',
    '│ decorate: config',
    '│ decorateRequest: user',
    '│ decorateReply: deny',
    '│ hooks: onRequest(audit), preHandler(checkToken)',
    '│ schemas: user',
    '│ routes: GET /',
    '├── api (prefix /api)',
    '│   │ decorate: db',
    '│   │ schemas: order',
    '│   │ parsers: application/xml',
    '│   │ handlers: errorHandler(apiErrors), notFoundHandler(apiNotFound)',
    '│   │ routes: GET /api/orders, POST /api/orders',
    '│   └── admin (prefix /api/admin)',
    '│         decorateRequest: isAdmin',
    '│         hooks: onRequest(requireAdmin, anonymous)',
    '│         routes: GET /api/admin/stats',
    '├── quiet (logLevel error)',
    '│     handlers: validatorCompiler(looseValidator), serializerCompiler(plainSerializer), schemaErrorFormatter(shortErrors), replySerializer(replyAsText)',
    `├── ${String(anonymous).split('\n')[0]!}`,
    '│     routes: GET /anonymous',
    '└── empty',
    ''
  ].join('\n'))
})

t.test('printContexts before ready() shows what is registered so far', async (t) => {
  const app = build(t)
  app.decorate('early', 1)
  app.get('/early', noop)
  t.equal(app.printContexts(), 'root\n  decorate: early\n  routes: GET /early\n')
})

t.test('printContexts is the same from any instance of the tree', async (t) => {
  const app = build(t)
  let fromChild = ''
  app.register(async function child (child) {
    child.get('/x', noop)
    child.after(function print () { fromChild = child.printContexts() })
  })
  await app.ready()
  t.equal(fromChild, app.printContexts())
  t.equal(fromChild, 'root\n└── child\n      routes: GET /x\n')
})

t.test('printContexts answers "why does my hook not run here?": the hook sits in a sibling', async (t) => {
  const app = build(t)
  app.register(async function auth (auth) { auth.addHook('onRequest', async function checkKey () {}) })
  app.register(async function routes (routes) { routes.get('/private', noop) })
  await app.ready()
  const tree = app.printContexts()
  t.match(tree, /├── auth\n│ {5}hooks: onRequest\(checkKey\)\n└── routes\n {6}routes: GET \/private\n/)
})
