import t from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

// Fastify has no `fetch` member: apps decorate the name (an HTTP client, say). On Enclave the
// decoration shadows app.fetch in its context, and the decorator API sees only the decoration.
for (const [name, create] of faces) {
  t.test(`${name}: decorate('fetch') is free, as in Fastify`, async (t) => {
    const app = create()
    const client = async (url: string) => `fetched ${url}`
    t.equal(app.hasDecorator('fetch'), false)
    app.decorate('fetch', client)
    t.equal(app.hasDecorator('fetch'), true)
    t.equal(app.fetch, client)
    t.throws(() => app.decorate('fetch', client), { code: 'FST_ERR_DEC_ALREADY_PRESENT' })
    let inChild: unknown
    app.register(async (child: any) => {
      t.equal(child.hasDecorator('fetch'), true)
      inChild = await child.fetch('/x')
    })
    await app.ready()
    t.equal(inChild, 'fetched /x')
    await app.close()
  })

  t.test(`${name}: app.fetch taken before the decoration still serves the app`, { skip: name.startsWith('fastify@') }, async (t) => {
    const app = create()
    app.get('/', async () => 'served')
    const served = app.fetch
    app.decorate('fetch', async () => 'client')
    t.teardown(() => app.close())
    const response: Response = await served(new Request('http://app.test/'))
    t.equal(await response.text(), 'served')
  })

  t.test(`${name}: a plugin's decoration of 'fetch' stays in the plugin`, async (t) => {
    const app = create()
    app.register(async (child: any) => { child.decorate('fetch', 'the plugin\'s') })
    await app.ready()
    t.equal(app.hasDecorator('fetch'), false)
    await app.close()
  })
}

for (const [name, create] of fastify5Faces) {
  t.test(`${name}: getDecorator('fetch') needs a decoration`, async (t) => {
    const app = create()
    t.throws(() => app.getDecorator('fetch'), { code: 'FST_ERR_DEC_UNDECLARED' })
    app.decorate('fetch', 'client')
    t.equal(app.getDecorator('fetch'), 'client')
    await app.close()
  })
}
