import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

const schema = {
  querystring: { type: 'object', properties: { n: { type: 'integer' } } },
  response: { 200: { type: 'object', properties: { v: { type: 'string' } } } }
}

/** Each setter tags what it installs, so the answer tells which one a route ended up with. */
const settings: Record<string, { set: (app: any, tag: string) => void, url: string }> = {
  setValidatorCompiler: { set: (app, tag) => app.setValidatorCompiler(() => () => ({ error: new Error(`validator ${tag}`) })), url: '/r?n=x' },
  setSerializerCompiler: { set: (app, tag) => app.setSerializerCompiler(() => () => `serializer ${tag}`), url: '/r?n=1' },
  setReplySerializer: { set: (app, tag) => app.setReplySerializer(() => `reply serializer ${tag}`), url: '/plain' },
  setSchemaErrorFormatter: { set: (app, tag) => app.setSchemaErrorFormatter(() => new Error(`formatter ${tag}`)), url: '/r?n=x' }
}

function routes (instance: any, prefix: string): void {
  instance.get(prefix + '/r', { schema }, () => ({ v: 'ok' }))
  instance.get(prefix + '/plain', () => ({ v: 'plain' }))
}

/** Where the setter is called relative to the routes' context loading. */
const layouts: Record<string, (app: any, set: (app: any, tag: string) => void) => Promise<void>> = {
  'a route declared before the setter, same context': async (app, set) => { set(app, 'first'); routes(app, '/c'); set(app, 'second') },
  'a child loaded (awaited) before the parent sets again': async (app, set) => { set(app, 'first'); await app.register(async (child: any) => routes(child, '/c')); set(app, 'second') },
  'a child registered (not yet loaded) before the parent sets again': async (app, set) => { set(app, 'first'); app.register(async (child: any) => routes(child, '/c')); set(app, 'second') },
  'a child loaded before the parent sets its first': async (app, set) => { await app.register(async (child: any) => routes(child, '/c')); set(app, 'late') },
  'a grandchild loaded before its parent sets': async (app, set) => {
    set(app, 'root')
    await app.register(async (child: any) => { await child.register(async (grandchild: any) => routes(grandchild, '/c')); set(child, 'middle') })
  },
  'a child that sets its own after declaring its routes': async (app, set) => { set(app, 'root'); await app.register(async (child: any) => { routes(child, '/c'); set(child, 'own') }) }
}

async function answer (app: any, setting: string, layout: string): Promise<string> {
  await layouts[layout]!(app, settings[setting]!.set)
  const response = await app.inject('/c' + settings[setting]!.url)
  await app.close()
  return `${response.statusCode} ${response.body}`
}

for (const setting of Object.keys(settings)) {
  t.test(`${setting}: a context keeps the one in effect when it loaded, as in Fastify 4.29`, async (t) => {
    for (const layout of Object.keys(layouts)) {
      const expected = await answer(Fastify(), setting, layout)
      t.equal(await answer(createServer({}, fastifyProfile), setting, layout), expected, `@enclave/fastify4: ${layout}`)
      // enclave() with Fastify's validation payload, so the whole answer can be compared.
      t.equal(await answer(enclave({ validationPayload: 'fastify' }), setting, layout), expected, `enclave(): ${layout}`)
    }
  })
}

t.test('a child loaded before the parent sets its compiler keeps the default one (not the later compiler)', async (t) => {
  const app = enclave()
  await app.register(async (child) => { child.get('/c', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async () => 'ok') })
  app.setValidatorCompiler(() => () => ({ error: new Error('late') }))
  app.get('/root', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async () => 'ok')
  t.equal((await app.inject('/c?n=1')).body, 'ok')
  t.equal((await app.inject('/root?n=1')).statusCode, 400)
  await app.close()
})

t.test('setNotFoundHandler is not kept at load: a child loaded before the root sets it answers with it, as in Fastify 4.29', async (t) => {
  for (const make of [() => Fastify(), () => createServer({}, fastifyProfile), () => enclave()] as Array<() => any>) {
    const app = make()
    await app.register(async (child: any) => { child.get('/x', () => 'x') }, { prefix: '/c' })
    app.setNotFoundHandler((request: any, reply: any) => { reply.code(404).send('root not found') })
    t.equal((await app.inject('/c/missing')).body, 'root not found')
    await app.close()
  }
})
