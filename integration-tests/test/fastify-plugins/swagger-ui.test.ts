// @fastify/swagger-ui 4 (the Fastify 4 major), unmodified, on Enclave: the UI page and its
// bundled assets served offline (through @fastify/static), the document as JSON and YAML, its own
// routes hidden from the document, uiHooks guarding the pages, and a static CSP.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveReply, EnclaveRequest } from '@enclave/core'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'

/** Wrapped in an object: an instance is thenable (awaiting it awaits ready()), so a promise of one would resolve to that. */
async function buildApp (t: { teardown: (fn: () => unknown) => void }, uiOptions: Record<string, unknown> = {}): Promise<{ app: EnclaveInstance }> {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { openapi: { info: { title: 'Pets', version: '1.0.0' } } })
  await app.register(swaggerUi, { routePrefix: '/docs', ...uiOptions })
  app.get('/pets', { schema: { tags: ['pets'], response: { 200: { type: 'array', items: { type: 'string' } } } } }, async function pets () { return ['cat'] })
  return { app }
}

t.test('the UI page and its assets are served from the package, offline', async (t) => {
  const { app } = await buildApp(t)

  for (const url of ['/docs', '/docs/']) {
    const page = await app.inject(url)
    t.equal(page.statusCode, 200, url)
    t.equal(page.headers['content-type'], 'text/html; charset=utf-8')
    t.match(page.body, /<div id="swagger-ui"><\/div>/)
    t.match(page.body, /swagger-ui-bundle\.js/)
  }

  const bundle = await app.inject('/docs/static/swagger-ui-bundle.js')
  t.equal(bundle.statusCode, 200)
  t.match(bundle.headers['content-type'], /javascript/)
  t.ok(bundle.body.length > 100_000, 'the whole bundle is served')
  t.ok(bundle.headers.etag, 'assets get an ETag from @fastify/static')

  const css = await app.inject('/docs/static/swagger-ui.css')
  t.equal(css.statusCode, 200)
  t.match(css.headers['content-type'], /^text\/css/)

  const initializer = await app.inject('/docs/static/swagger-initializer.js')
  t.equal(initializer.statusCode, 200)
  t.match(initializer.body, /SwaggerUIBundle/)

  const legacy = await app.inject('/docs/static/index.html')
  t.equal(legacy.statusCode, 302)
  t.equal(legacy.headers.location, '/docs/')

  t.equal((await app.inject('/docs/static/not-a-file.js')).statusCode, 404)
})

t.test('the document is served as JSON and YAML and lists the app\'s routes, not the UI\'s', async (t) => {
  const { app } = await buildApp(t)

  const json = await app.inject('/docs/json')
  t.equal(json.statusCode, 200)
  t.match(json.headers['content-type'], /^application\/json/)
  const document = json.json()
  t.equal(document.openapi, '3.0.3')
  t.same(Object.keys(document.paths), ['/pets'], 'the UI\'s own routes are hidden')
  t.same(document.paths['/pets'].get.responses[200].content['application/json'].schema, { type: 'array', items: { type: 'string' } })

  const yaml = await app.inject('/docs/yaml')
  t.equal(yaml.statusCode, 200)
  t.equal(yaml.headers['content-type'], 'application/x-yaml')
  t.match(yaml.body, /^openapi: 3\.0\.3\n/)
  t.match(yaml.body, /\n {2}\/pets:\n/)

  t.same((await app.inject('/pets')).json(), ['cat'], 'the documented route works')
})

t.test('uiHooks guard the documentation routes only', async (t) => {
  const { app } = await buildApp(t, {
    uiHooks: {
      onRequest: function requireDocsKey (request: EnclaveRequest, reply: EnclaveReply, next: () => void) {
        if (request.headers['x-docs-key'] !== 'let-me-read') {
          reply.code(401).send({ error: 'docs are private' })
          return
        }
        next()
      }
    }
  })

  const refused = await app.inject('/docs/json')
  t.equal(refused.statusCode, 401)
  t.same(refused.json(), { error: 'docs are private' })
  t.equal((await app.inject('/docs')).statusCode, 401)
  t.equal((await app.inject({ url: '/docs/json', headers: { 'x-docs-key': 'let-me-read' } })).statusCode, 200)
  t.equal((await app.inject('/pets')).statusCode, 200, 'application routes are not guarded')
})

t.test('staticCSP sets a Content-Security-Policy on the UI\'s routes', async (t) => {
  const { app } = await buildApp(t, { staticCSP: true, transformStaticCSP: (header: string) => header.replace("object-src 'none'", "object-src 'self'") })

  const page = await app.inject('/docs/')
  const policy = String(page.headers['content-security-policy'])
  t.match(policy, /^default-src 'self'; base-uri 'self';/)
  t.match(policy, /img-src 'self' data: validator\.swagger\.io;/)
  t.match(policy, /object-src 'self';/, 'transformStaticCSP rewrote the header')
  t.equal((await app.inject('/docs/static/swagger-ui.css')).headers['content-security-policy'], policy, 'assets carry it too')
  t.equal((await app.inject('/pets')).headers['content-security-policy'], undefined, 'the header stays on the UI\'s routes')
})

t.test('without @fastify/swagger registered first the plugin refuses to load', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(swaggerUi)
  await t.rejects(app.ready(), { code: 'ERR_ASSERTION', message: /@fastify\/swagger/ })
})
