import t from 'tap'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'

/**
 * app.fetch() and app.inject() run the same lifecycle: for each case, the same status, headers
 * and body. Headers that describe the connection (date, connection, keep-alive,
 * transfer-encoding) are the runtime's, not the app's, and are left out of the comparison.
 */
const entries = [...enclaveFaces, fastify5Face]
const connectionHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

interface Case {
  name: string
  /** What both answer, so the comparison cannot pass on two equally wrong answers. */
  status: number
  method?: string
  url: string
  headers?: Record<string, string>
  body?: string
}

const cases: Case[] = [
  { name: 'a JSON route', status: 200, url: '/json' },
  { name: 'a route with params and a query', status: 200, url: '/items/12?sort=asc&tag=a&tag=b' },
  { name: 'an unknown route', status: 404, url: '/missing?x=1' },
  { name: 'a method without a route', status: 404, method: 'PATCH', url: '/json', headers: { 'content-type': 'application/json' }, body: '{}' },
  { name: 'a valid body', status: 201, method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada","age":36}' },
  { name: 'a body failing validation', status: 400, method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, body: '{"age":"old"}' },
  { name: 'malformed JSON', status: 400, method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, body: '{"name":' },
  { name: 'an empty JSON body', status: 400, method: 'POST', url: '/users', headers: { 'content-type': 'application/json' }, body: '' },
  { name: 'an unsupported content type', status: 415, method: 'POST', url: '/users', headers: { 'content-type': 'application/x-unknown' }, body: 'x' },
  { name: 'a body over the route limit', status: 413, method: 'POST', url: '/small', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(100) },
  { name: 'a text body', status: 200, method: 'POST', url: '/small', headers: { 'content-type': 'text/plain' }, body: 'short' },
  { name: 'a response filtered by its schema', status: 200, url: '/filtered' },
  { name: 'a thrown error', status: 500, url: '/error' },
  { name: 'an error with its own status', status: 418, url: '/teapot' },
  { name: 'a redirect', status: 302, url: '/redirect' },
  { name: 'several cookies', status: 200, url: '/cookies' },
  { name: 'a HEAD request', status: 200, method: 'HEAD', url: '/json' },
  { name: 'a 204', status: 204, method: 'DELETE', url: '/items/3' },
  { name: 'a Buffer', status: 200, url: '/buffer' },
  { name: 'a string', status: 200, url: '/text' },
  { name: 'a header set by an encapsulated hook', status: 200, url: '/child/hooked' },
  { name: 'a request header echoed', status: 200, url: '/echo-header', headers: { 'x-given': 'value' } },
  { name: 'a string written through reply.raw without a content type', status: 200, url: '/raw-text' },
  { name: 'a custom serializer\'s string without a content type', status: 200, url: '/serialized' }
]

function buildApp (create: (options?: any) => any): any {
  const app = create({ logger: false })
  app.get('/json', async () => ({ hello: 'world' }))
  app.get('/items/:id', async (request: any) => ({ id: request.params.id, query: request.query }))
  app.delete('/items/:id', async (_request: any, reply: any) => reply.code(204).send())
  app.post('/users', {
    schema: {
      body: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' } } }
    }
  }, async (request: any, reply: any) => reply.code(201).send(request.body))
  app.post('/small', { bodyLimit: 10 }, async (request: any) => ({ length: request.body.length }))
  app.get('/filtered', {
    schema: { response: { 200: { type: 'object', properties: { shown: { type: 'string' } } } } }
  }, async () => ({ shown: 'yes', secret: 'no' }))
  app.get('/error', async () => { throw new Error('internal detail') })
  app.get('/teapot', async () => {
    const error = new Error('short and stout') as Error & { statusCode: number }
    error.statusCode = 418
    throw error
  })
  app.get('/redirect', async (_request: any, reply: any) => reply.redirect('/json'))
  app.get('/cookies', async (_request: any, reply: any) => {
    reply.header('set-cookie', ['a=1; HttpOnly', 'b=2'])
    return 'cookies'
  })
  app.get('/buffer', async (_request: any, reply: any) => reply.type('application/octet-stream').send(Buffer.from([1, 2, 3])))
  app.get('/text', async () => 'plain text')
  app.get('/echo-header', async (request: any) => ({ given: request.headers['x-given'] }))
  app.get('/raw-text', (_request: any, reply: any) => {
    reply.hijack()
    reply.raw.end('written raw')
  })
  app.get('/serialized', (_request: any, reply: any) => { reply.serializer(() => 'serialized').send({ any: 'thing' }) })
  app.register(async (child: any) => {
    child.addHook('onSend', async (_request: any, reply: any) => { reply.header('x-hooked', 'child') })
    child.get('/hooked', async () => 'hooked')
  }, { prefix: '/child' })
  return app
}

function comparable (headers: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const name of Object.keys(headers).sort()) {
    if (!connectionHeaders.has(name)) kept[name] = headers[name]
  }
  return kept
}

function fetchHeaders (response: Response): Record<string, unknown> {
  const headers: Record<string, unknown> = {}
  response.headers.forEach((value, name) => { if (name !== 'set-cookie') headers[name] = value })
  const cookies = response.headers.getSetCookie()
  if (cookies.length === 1) headers['set-cookie'] = cookies[0]
  else if (cookies.length > 1) headers['set-cookie'] = cookies
  return headers
}

for (const [name, create] of entries) {
  t.test(`${name}: app.fetch() answers as app.inject() does`, async (t) => {
    const app = buildApp(create)
    t.teardown(() => app.close())
    await app.ready()
    for (const each of cases) {
      const method = each.method ?? 'GET'
      const injected = await app.inject({ method, url: each.url, headers: each.headers, payload: each.body })
      const response: Response = await app.fetch(new Request(`http://localhost:80${each.url}`, { method, headers: each.headers, body: each.body }))
      const body = await response.text()
      t.equal(response.status, each.status, `${each.name}: status`)
      t.equal(injected.statusCode, each.status, `${each.name}: inject() status`)
      t.same(comparable(fetchHeaders(response)), comparable(injected.headers), `${each.name}: headers`)
      t.equal(body, injected.body, `${each.name}: body`)
    }
  })
}
