// Hostile URLs over a real socket (node:http sends the path as written; fetch would normalise it).
import t from 'tap'
import type { Test } from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'

interface Answer { status: number, body: any }

function get (port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => { text += chunk })
      response.on('end', () => resolve({ status: response.statusCode!, body: text === '' ? undefined : JSON.parse(text) }))
    })
    request.on('error', reject)
  })
}

async function startApp (t: Test, options: Record<string, unknown> = {}): Promise<number> {
  const app = enclave(options)
  app.get('/users/:id', async (request) => ({ id: (request.params as any).id }))
  app.get('/files/*', async (request) => ({ rest: (request.params as any)['*'] }))
  app.get('/query', async (request) => ({ query: request.query as unknown, keys: Object.keys(request.query as object) }))
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

t.test('bad percent-escapes in the path are a 400 FST_ERR_BAD_URL', async (t) => {
  const port = await startApp(t)
  for (const path of ['/users/%', '/users/%zz', '/users/%4', '/users/%E0%A4%A', '/users/%c0%af', '/users/%ed%a0%80', '/files/%ff', '/%', '/users%zz/1']) {
    const answer = await get(port, path)
    t.equal(answer.status, 400, path)
    t.match(answer.body, { statusCode: 400, code: 'FST_ERR_BAD_URL', error: 'Bad Request' }, path)
  }
  t.same((await get(port, '/users/%C3%A9t%C3%A9')).body, { id: 'été' }, 'good escapes are decoded')
})

t.test('a parameter over maxParamLength is a 414 FST_ERR_MAX_PARAM_LENGTH on enclave(), Fastify v5\'s payload', async (t) => {
  const port = await startApp(t, { maxParamLength: 20 })
  t.equal((await get(port, '/users/' + 'a'.repeat(20))).status, 200, 'exactly the limit is fine')
  const path = '/users/' + 'a'.repeat(21)
  const answer = await get(port, path + '?q=1')
  t.equal(answer.status, 414)
  t.strictSame(answer.body, { error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message: `'${path}' is exceeding the max param length`, statusCode: 414 })
})

t.test('paramTooLongStatus: 404 answers a long parameter as not found, as Fastify 4 does', async (t) => {
  const port = await startApp(t, { maxParamLength: 20, paramTooLongStatus: 404 })
  const path = '/users/' + 'a'.repeat(21)
  const answer = await get(port, path)
  t.equal(answer.status, 404)
  t.strictSame(answer.body, { message: `Route GET:${path} not found`, error: 'Not Found', statusCode: 404 })
})

t.test('the default maxParamLength is 100', async (t) => {
  const port = await startApp(t)
  t.equal((await get(port, '/users/' + 'a'.repeat(100))).status, 200)
  t.equal((await get(port, '/users/' + 'a'.repeat(101))).status, 414)
})

t.test('duplicate query keys become arrays; odd query strings are data, never errors', async (t) => {
  const port = await startApp(t)
  t.same((await get(port, '/query?a=1&a=2&b=3&a=4')).body.query, { a: ['1', '2', '4'], b: '3' })
  t.same((await get(port, '/query?a[b]=1&c.d=2')).body.query, { 'a[b]': '1', 'c.d': '2' }, 'no nested objects from brackets or dots')
  t.same((await get(port, '/query?a=%zz&b=%')).body.query, { a: '%zz', b: '%' }, 'bad escapes in the query are kept as written')
  t.same((await get(port, '/query?&&=&a')).body.query, { '': '', a: '' })
  const many = await get(port, '/query?' + Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&'))
  t.equal(many.status, 200, 'a query with 1000 keys is answered')
})

t.test('query keys named after Object.prototype members stay data', async (t) => {
  const port = await startApp(t)
  const answer = await get(port, '/query?__proto__=x&constructor=y&toString=z&__proto__[polluted]=1')
  t.equal(answer.status, 200)
  t.same(answer.body.keys.sort(), ['__proto__', '__proto__[polluted]', 'constructor', 'toString'])
  t.equal(({} as any).polluted, undefined)
  t.equal(typeof ({}).toString, 'function')
})
