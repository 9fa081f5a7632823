// @fastify/autoload 5 (the Fastify 4 major), unmodified, loading a plugins/ and routes/ tree into an
// app on @enclave/fastify4 — the package the name `fastify` resolves to in this repository — and the
// same tree into fastify@4.29.1: folders become prefixes, `_id` folders parameters, autohooks.js
// files apply to their folder (and, with cascadeHooks, below it), `autoPrefix` renames a folder,
// fastify-plugin plugins share their decorators with every route.
import { createRequire } from 'node:module'
import t, { type Test } from 'tap'

const require = createRequire(import.meta.url)
const fixture = require('../fixtures/autoload-app/app.js')

interface Observed { status: number, autohook: unknown, body: string }
interface Runtime { name: string, load: () => any }

const runtimes: Runtime[] = [
  { name: 'fastify@4.29.1', load: () => require('fastify4') },
  { name: '@enclave/fastify4', load: () => require('fastify') }
]

const urls = ['/', '/users', '/users/', '/users/1', '/users/9', '/users/x', '/health', '/internal/stats', '/admin/stats', '/runtime']

async function observe (runtime: Runtime, t: Test): Promise<{ results: Map<string, Observed>, routes: string[] }> {
  const routes: string[] = []
  const app = runtime.load()(fixture.options)
  t.teardown(() => app.close())
  app.addHook('onRoute', (route: { method: string | string[], url: string }) => { routes.push(`${String(route.method)} ${route.url}`) })
  app.register(fixture, { punctuation: '!' })
  await app.ready()
  const results = new Map<string, Observed>()
  for (const url of urls) {
    const res = await app.inject(url)
    results.set(url, { status: res.statusCode, autohook: res.headers['x-autohook'], body: res.body })
  }
  return { results, routes: routes.sort() }
}

t.test('the name fastify resolves to @enclave/fastify4 for the app', async (t) => {
  t.equal(require('fastify'), require('@enclave/fastify4'))
  const { results } = await observe(runtimes[1]!, t)
  t.strictSame(JSON.parse(results.get('/runtime')!.body), { enclave: true, version: '4.29.1' })
})

t.test('autoload builds the same routes, prefixes, hooks and answers on Enclave as on Fastify 4', async (t) => {
  const [fastify, enclave] = await Promise.all(runtimes.map((runtime) => observe(runtime, t)))
  t.strictSame(enclave!.routes, fastify!.routes, 'the same routes, with folder prefixes, _id parameters and autoPrefix')
  t.ok(enclave!.routes.includes('GET /users/:id'))
  t.ok(enclave!.routes.includes('GET /internal/stats'))
  for (const url of urls) {
    const expected = fastify!.results.get(url)!
    const actual = enclave!.results.get(url)!
    t.equal(actual.status, expected.status, `${url}: status`)
    t.equal(actual.autohook, expected.autohook, `${url}: autohooks applied where Fastify applies them`)
    // The not-found handler's payload is the routing suites' subject; autoload does not touch it.
    if (url !== '/admin/stats') t.equal(actual.body, expected.body, `${url}: payload`)
  }
})

t.test('autohooks apply to their folder and below, not to siblings', async (t) => {
  const { results } = await observe(runtimes[1]!, t)
  t.equal(results.get('/users')!.autohook, 'users')
  t.equal(results.get('/users/1')!.autohook, 'users', 'cascaded to routes/users/_id')
  t.equal(results.get('/users/x')!.autohook, 'users', 'onRequest ran before the 400')
  t.equal(results.get('/health')!.autohook, undefined)
  t.equal(results.get('/')!.autohook, undefined)
  t.equal(results.get('/users/1')!.body, '{"id":"1","name":"Ada"}')
  t.equal(results.get('/users/9')!.status, 404, '@fastify/sensible loaded from plugins/')
  t.equal(results.get('/')!.body, '{"root":true,"greeting":"hello world!"}', 'the options reach the plugins')
})
