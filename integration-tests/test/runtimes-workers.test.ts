// app.fetch on Cloudflare's runtime for real: the example app and the cross-runtime cases built
// with enclave-worker-build (schemas compiled at build time) and served by one workerd process.
import t from 'tap'
import { fileURLToPath } from 'node:url'
import { startWorkerd } from '../workers/workerd.js'
import { cases } from '../workers/cases.js'
import { runCase } from '../workers/run-cases.js'
import { routeCount } from '../workers/many-routes-app.js'
import createCasesApp from '../workers/cases-app.js'
import { checkBannerLines } from '../../examples/app/banner-checks.js'

function path (relative: string): string {
  return fileURLToPath(new URL(relative, import.meta.url))
}

const apiKey = 'test-key'
// Built with --minify, as docs/runtimes.md says to deploy: workerd parses half the code at start-up.
const workerd = await startWorkerd([
  { name: 'example', entry: path('../../examples/worker/worker.ts'), app: path('../../examples/worker/app.ts'), env: { API_KEYS: apiKey }, minify: true },
  { name: 'cases', entry: path('../workers/cases-worker.ts'), app: path('../workers/cases-app.ts'), minify: true },
  { name: 'many', entry: path('../workers/many-routes-worker.ts'), app: path('../workers/many-routes-app.ts'), minify: true }
])
t.teardown(() => workerd.close())

const json = { 'content-type': 'application/json' }

// The example's own test cases (examples/app/app.test.ts), over workerd's HTTP server.
t.test('the example Worker answers every banner line as the example app does on Node (its key from the Worker\'s environment)', async (t) => {
  await checkBannerLines(t, workerd.urls.example!, apiKey)
})

t.test('the example Worker: zod, joi and yup validate on workerd, contexts stay separate', async (t) => {
  const base = workerd.urls.example!
  for (const compiler of ['zod', 'joi', 'yup']) {
    const ok = await fetch(`${base}/api/compilers/${compiler}`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'A', age: 3 }) })
    t.equal(ok.status, 200, `${compiler} accepts a valid body`)
    t.same(await ok.json(), { compiler, received: { name: 'A', age: 3 } })
    const bad = await fetch(`${base}/api/compilers/${compiler}`, { method: 'POST', headers: json, body: JSON.stringify({ age: -1 }) })
    t.equal(bad.status, 400, `${compiler} refuses an invalid body`)
    t.equal((await bad.json() as { error: string }).error, 'Bad Request')
  }
  const missing = await fetch(`${base}/api/users/99`)
  t.equal(missing.status, 404)
  t.same(await missing.json(), { statusCode: 404, error: 'Not Found', message: 'no such user' })
  const wrongKey = await fetch(`${base}/admin/users/2`, { method: 'DELETE', headers: { authorization: 'Bearer nope' } })
  t.equal(wrongKey.status, 401)
  t.match(wrongKey.headers.get('www-authenticate'), /error="invalid_token"/)
  const removed = await fetch(`${base}/admin/users/2`, { method: 'DELETE', headers: { authorization: `Bearer ${apiKey}` } })
  t.equal(removed.status, 204)
  const badQuery = await fetch(`${base}/api/users?limit=0`)
  t.equal(badQuery.status, 400)
  t.same(await badQuery.json(), { statusCode: 400, error: 'Bad Request', message: 'querystring/limit should be >= 1' })
})

t.test('the cross-runtime cases on workerd', async (t) => {
  for (const c of cases) await runCase(t, fetch, workerd.urls.cases!, c, true)
})

t.test('the same cases through app.fetch on Node, schemas compiled at start-up', async (t) => {
  const app = createCasesApp()
  t.teardown(() => app.close())
  for (const c of cases) await runCase(t, app.fetch, 'http://localhost', c, false)
})

t.test(`an app of ${routeCount} schema routes starts and answers on workerd`, async (t) => {
  const base = workerd.urls.many!
  for (const i of [0, routeCount - 1]) {
    const ok = await fetch(`${base}/items${i}/5`, { method: 'POST', headers: json, body: JSON.stringify({ [`name${i}`]: 'x', count: 2 }) })
    t.equal(ok.status, 200)
    t.equal(await ok.text(), JSON.stringify({ id: 5, [`name${i}`]: 'x', route: i }))
    const bad = await fetch(`${base}/items${i}/5`, { method: 'POST', headers: json, body: '{}' })
    t.equal(bad.status, 400)
    t.same(await bad.json(), { statusCode: 400, error: 'Bad Request', message: `body should have required property 'name${i}'` })
  }
})

t.test('nothing was logged as uncaught by workerd', async (t) => {
  t.notMatch(workerd.output(), /Uncaught|EvalError|Code generation/)
  t.notMatch(workerd.output(), /AVVIO/, 'util.debuglog sections are written only when NODE_DEBUG names them')
})
