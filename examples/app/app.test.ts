import t, { type Test } from 'tap'
import { buildApp } from './app.js'
import { checkBannerLines } from './banner-checks.js'

const apiKey = 'test-key'

// Fastify's deprecations are emitted once a process: collected from the first app this file builds.
const processWarnings: string[] = []
process.on('warning', (warning: Error & { code?: string }) => { processWarnings.push(`${warning.code ?? warning.name}: ${warning.message}`) })

async function start (t: Test) {
  const app = buildApp({ apiKeys: [apiKey] })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  return address
}

// Each request below is one of the curl lines the server's banner prints.
t.test('the example app answers every banner line as docs/getting-started.md says', async (t) => {
  const base = await start(t)

  await checkBannerLines(t, base, apiKey)
})

t.test('each compiler route validates and coerces in its own library', async (t) => {
  const app = buildApp({ apiKeys: [apiKey] })
  t.teardown(() => app.close())
  for (const compiler of ['zod', 'joi', 'yup']) {
    const ok = await app.inject({ method: 'POST', url: `/api/compilers/${compiler}`, payload: { name: 'A', age: 3 } })
    t.equal(ok.statusCode, 200, `${compiler} accepts a valid body`)
    t.same(ok.json(), { compiler, received: { name: 'A', age: 3 } })
    const bad = await app.inject({ method: 'POST', url: `/api/compilers/${compiler}`, payload: { age: -1 } })
    t.equal(bad.statusCode, 400, `${compiler} refuses an invalid body`)
    t.equal(bad.json().error, 'Bad Request')
  }
})

t.test('the public and private contexts are separate', async (t) => {
  const app = buildApp({ apiKeys: [apiKey] })
  t.teardown(() => app.close())
  const publicRoute = await app.inject({ url: '/api/users/2' })
  t.equal(publicRoute.statusCode, 200, 'no key needed outside the private context')
  const missing = await app.inject({ url: '/api/users/99' })
  t.equal(missing.statusCode, 404)
  t.same(missing.json(), { statusCode: 404, error: 'Not Found', message: 'no such user' })
  const wrongKey = await app.inject({ method: 'DELETE', url: '/admin/users/2', headers: { authorization: 'Bearer nope' } })
  t.equal(wrongKey.statusCode, 401)
  t.match(wrongKey.headers['www-authenticate'], /error="invalid_token"/)
  const removed = await app.inject({ method: 'DELETE', url: '/admin/users/2', headers: { authorization: `Bearer ${apiKey}` } })
  t.equal(removed.statusCode, 204)
  const badQuery = await app.inject({ url: '/api/users?limit=0' })
  t.equal(badQuery.statusCode, 400)
  t.same(badQuery.json(), { statusCode: 400, error: 'Bad Request', message: 'querystring/limit should be >= 1' })
  const tagged = await app.inject({ url: '/api/users?tag=admin' })
  t.same(tagged.json().map((user: { name: string }) => user.name), ['Ada Lovelace'], 'a single ?tag= arrives as an array of one')
})

t.test('the example app runs without a process warning (it uses no deprecated API)', async (t) => {
  const app = buildApp({ apiKeys: [apiKey] })
  await app.ready()
  await app.close()
  // Process warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve))
  t.same(processWarnings, [], 'no warning from any test of this file')
})
