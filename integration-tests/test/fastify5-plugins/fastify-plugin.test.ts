// fastify-plugin 6 (the current major) on fastify@5.12.8 and on @enclave/fastify: a wrapped plugin's
// decorators and hooks reach its parent, `encapsulate: true` keeps them in, and the version and
// dependency checks.
import t from 'tap'
import fp from 'fastify-plugin6'
import { fastify5Implementations, onFastify5 } from '../helpers/fastify5.js'

const shared = fp(async (app: any, options: any) => {
  app.decorate('greeting', options.greeting)
  app.addHook('onSend', async (_request: any, reply: any) => { reply.header('x-shared', 'yes') })
}, { name: 'shared', fastify: '5.x' })

const kept = fp(async (app: any) => { app.decorate('keptInside', true) }, { name: 'kept', encapsulate: true })

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(shared, { greeting: 'hello' })
  await app.register(kept)
  app.get('/', async () => ({ greeting: app.greeting, kept: app.hasDecorator('keptInside') }))
  return app
}, async (t, app) => {
  t.test('a wrapped plugin\'s decorator and hook reach the parent; encapsulate: true keeps them inside', async (t) => {
    const res = await app.inject('/')
    t.same(res.json(), { greeting: 'hello', kept: false })
    t.equal(res.headers['x-shared'], 'yes')
  })
})

for (const [name, fastify] of fastify5Implementations) {
  t.test(`on ${name}: the version and dependency checks refuse what does not fit`, async (t) => {
    const app = fastify()
    t.teardown(() => app.close())
    app.register(fp(async () => {}, { name: 'old', fastify: '4.x' }))
    await t.rejects(app.ready(), { code: 'FST_ERR_PLUGIN_VERSION_MISMATCH' })

    const other = fastify()
    t.teardown(() => other.close())
    other.register(fp(async () => {}, { name: 'needs', dependencies: ['missing-plugin'] }))
    await t.rejects(other.ready(), { code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', message: 'The dependency \'missing-plugin\' of plugin \'needs\' is not registered' })
  })
}
