// Spelling a protected path differently never reaches its handler without its hooks: whatever the
// router options, a variant is either routed into the protected context (401 without a key) or not
// found — never served. Paths go over a real socket exactly as written (fetch would normalise them).
import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

function get (port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number, body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      let body = ''
      response.on('data', (chunk) => { body += chunk })
      response.on('end', () => resolve({ status: response.statusCode!, body }))
    })
    request.on('error', reject)
  })
}

const variants = [
  '/private', '/private/', '//private', '///private', '/PRIVATE', '/Private', '/private/data', '/private/data/', '//private/data',
  '/private//data', '/PRIVATE/DATA', '/private/DATA', '/%2Fprivate', '/%2fprivate/data', '/private%2Fdata', '/private%2fdata',
  '/private;x', '/private;/data', '/private/data;x=1', '/private;jsessionid=1/data', '/private%00', '/private/data%00',
  '/private%20', '/private/data%20', '/./private', '/./private/data', '/private/./data', '/public/../private/data',
  '/public/..%2Fprivate/data', '/%70rivate/data', '/private%3Bx', '/private/data?x=1', '/private/data#frag', '/private/%2e%2e/private/data',
  '/private/42', '/private/42/', '/private/%34%32', '/private//42', '/private\\data'
]

const routerOptions: Array<Record<string, unknown>> = [
  {},
  { ignoreTrailingSlash: true },
  { ignoreDuplicateSlashes: true },
  { caseSensitive: false },
  { useSemicolonDelimiter: true },
  { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false, useSemicolonDelimiter: true }
]

for (const options of routerOptions) {
  t.test(`no path variant reaches a protected handler unauthenticated (${JSON.stringify(options)})`, async (t) => {
    const reached: string[] = []
    const app = enclave(options)
    app.get('/public', async () => ({ public: true }))
    app.get('/public/*', async () => ({ public: true }))
    app.register(async function privateApi (api) {
      await api.register(bearerAuth, { keys: ['secret-key'] })
      api.get('/', async (request) => { reached.push(request.url); return { private: true } })
      api.get('/data', async (request) => { reached.push(request.url); return { private: true } })
      api.get('/:id', async (request) => { reached.push(request.url); return { private: true } })
    }, { prefix: '/private' })
    t.teardown(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port

    const statuses: Record<string, number> = {}
    for (const path of variants) {
      const { status, body } = await get(port, path)
      statuses[path] = status
      // `/public/../private/data` is just a path under the public wildcard: served there, publicly.
      const publicRoute = status === 200 && body === '{"public":true}'
      t.ok([400, 401, 404, 414].includes(status) || publicRoute, `${path}: ${status} (refused, not found or public)`)
    }
    t.same(reached, [], 'no protected handler ran without a key')
    // The refusals are real: the same variants with the key reach a handler when they route at all.
    let served = 0
    for (const path of variants) {
      const { status } = await get(port, path, { authorization: 'Bearer secret-key' })
      if (statuses[path] === 401) {
        t.equal(status, 200, `${path}: routed into the protected context, served with the key`)
        served++
      }
    }
    t.equal(reached.length, served)
    t.ok(served >= 5, `${served} variants route into the protected context`)
  })
}
