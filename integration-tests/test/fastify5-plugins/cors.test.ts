// @fastify/cors 11 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: preflights,
// simple requests, origin matching, strict preflight, a per-route opt-out and encapsulation.
import t from 'tap'
import cors from '@fastify5/cors'
import { onFastify5 } from '../helpers/fastify5.js'

function preflight (url: string, origin: string, method = 'POST', requestHeaders?: string) {
  const headers: Record<string, string> = { origin, 'access-control-request-method': method }
  if (requestHeaders !== undefined) headers['access-control-request-headers'] = requestHeaders
  return { method: 'OPTIONS', url, headers }
}

let handlerRuns = 0

onFastify5(t, async (fastify) => {
  handlerRuns = 0
  const app = fastify()
  await app.register(async (main: any) => {
    await main.register(cors, {
      origin: 'https://app.example',
      methods: ['GET', 'POST'],
      credentials: true,
      maxAge: 600,
      exposedHeaders: ['x-total-count']
    })
    main.post('/items', async () => { handlerRuns++; return { created: true } })
    main.get('/items', async (_request: any, reply: any) => { reply.header('x-total-count', '2'); return [1, 2] })
    main.get('/no-cors', { config: { cors: false } }, async () => 'plain')
  }, { prefix: '/main' })

  await app.register(async (child: any) => {
    await child.register(cors, {
      origin: ['https://one.example', /\.trusted\.example$/],
      strictPreflight: true
    })
    child.get('/', async () => 'listed')
  }, { prefix: '/lists' })

  await app.register(async (child: any) => {
    await child.register(cors, {
      delegator: (request: any, callback: any) => {
        callback(null, { origin: request.headers['x-tenant'] === 'a' ? 'https://a.example' : false })
      }
    })
    child.get('/', async () => 'delegated')
  }, { prefix: '/delegated' })

  await app.register(async (child: any) => {
    await child.register(cors, { origin: async (origin: string) => origin.endsWith('.async.example') })
    child.get('/', async () => 'async')
  }, { prefix: '/async' })
  return app
}, async (t, app) => {
  t.test('a preflight is answered by the plugin with every configured header', async (t) => {
    const response = await app.inject(preflight('/main/items', 'https://app.example', 'POST', 'content-type, x-trace'))
    t.equal(response.statusCode, 204)
    t.equal(response.headers['access-control-allow-origin'], 'https://app.example')
    t.equal(response.headers['access-control-allow-methods'], 'GET, POST')
    t.equal(response.headers['access-control-allow-headers'], 'content-type, x-trace')
    t.equal(response.headers['access-control-allow-credentials'], 'true')
    t.equal(response.headers['access-control-max-age'], '600')
    t.equal(response.headers['access-control-expose-headers'], 'x-total-count')
    t.equal(response.headers.vary, 'Access-Control-Request-Headers')
    t.equal(response.headers['content-length'], '0')
    t.equal(response.body, '')
    t.equal(handlerRuns, 0, 'the preflight never reaches the handler')
  })

  t.test('a simple request gets the CORS headers next to the payload', async (t) => {
    const response = await app.inject({ url: '/main/items', headers: { origin: 'https://app.example' } })
    t.equal(response.statusCode, 200)
    t.same(response.json(), [1, 2])
    t.equal(response.headers['access-control-allow-origin'], 'https://app.example')
    t.equal(response.headers['access-control-expose-headers'], 'x-total-count')
    t.notOk('access-control-allow-methods' in response.headers)
  })

  t.test('config.cors: false leaves a route without CORS headers', async (t) => {
    const response = await app.inject({ url: '/main/no-cors', headers: { origin: 'https://app.example' } })
    t.equal(response.body, 'plain')
    t.notOk('access-control-allow-origin' in response.headers)
  })

  t.test('origin lists and patterns allow listed origins only and vary on Origin', async (t) => {
    const listed = await app.inject({ url: '/lists/', headers: { origin: 'https://one.example' } })
    t.equal(listed.headers['access-control-allow-origin'], 'https://one.example')
    t.equal(listed.headers.vary, 'Origin')
    const matched = await app.inject({ url: '/lists/', headers: { origin: 'https://api.trusted.example' } })
    t.equal(matched.headers['access-control-allow-origin'], 'https://api.trusted.example')
    const foreign = await app.inject({ url: '/lists/', headers: { origin: 'https://evil.example' } })
    t.equal(foreign.statusCode, 200)
    t.notOk('access-control-allow-origin' in foreign.headers)
  })

  t.test('strictPreflight refuses a preflight without its method header', async (t) => {
    const response = await app.inject({ method: 'OPTIONS', url: '/lists/', headers: { origin: 'https://one.example' } })
    t.equal(response.statusCode, 400)
    t.equal(response.body, 'Invalid Preflight Request')
  })

  t.test('a delegator decides per request', async (t) => {
    const allowed = await app.inject({ url: '/delegated/', headers: { origin: 'https://a.example', 'x-tenant': 'a' } })
    t.equal(allowed.headers['access-control-allow-origin'], 'https://a.example')
    const refused = await app.inject({ url: '/delegated/', headers: { origin: 'https://a.example', 'x-tenant': 'b' } })
    t.equal(refused.body, 'delegated')
    t.notOk('access-control-allow-origin' in refused.headers)
  })

  t.test('an async origin function reflects the origin it accepts', async (t) => {
    const yes = await app.inject({ url: '/async/', headers: { origin: 'https://x.async.example' } })
    t.equal(yes.headers['access-control-allow-origin'], 'https://x.async.example')
    const no = await app.inject({ url: '/async/', headers: { origin: 'https://x.other.example' } })
    t.notOk('access-control-allow-origin' in no.headers)
  })

  t.test('a preflight for an unknown path still answers 204 under the registering prefix', async (t) => {
    const response = await app.inject(preflight('/main/nowhere', 'https://app.example'))
    t.equal(response.statusCode, 204)
    t.equal(response.headers['access-control-allow-origin'], 'https://app.example')
  })
})
