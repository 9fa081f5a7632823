// @fastify/cors 9 (the Fastify 4 major), unmodified, on Enclave: the README's preflight and
// simple-request behaviour, origin matching, strict preflight, and encapsulation.
import t from 'tap'
import enclave from '@enclave/core'
import cors from '@fastify/cors'

function preflight (url: string, origin: string, method = 'POST', requestHeaders?: string) {
  const headers: Record<string, string> = { origin, 'access-control-request-method': method }
  if (requestHeaders !== undefined) headers['access-control-request-headers'] = requestHeaders
  return { method: 'OPTIONS' as const, url, headers }
}

t.test('a preflight request is answered by the plugin with the configured CORS headers', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cors, {
    origin: 'https://app.example',
    methods: ['GET', 'POST'],
    credentials: true,
    maxAge: 600,
    exposedHeaders: ['x-total-count']
  })
  let handlerRuns = 0
  app.post('/items', async function createItem () {
    handlerRuns++
    return { created: true }
  })

  const response = await app.inject(preflight('/items', 'https://app.example', 'POST', 'content-type, x-trace'))
  t.equal(response.statusCode, 204)
  t.equal(response.headers['access-control-allow-origin'], 'https://app.example')
  t.equal(response.headers['access-control-allow-methods'], 'GET, POST')
  t.equal(response.headers['access-control-allow-headers'], 'content-type, x-trace', 'requested headers are reflected when allowedHeaders is not set')
  t.equal(response.headers['access-control-allow-credentials'], 'true')
  t.equal(response.headers['access-control-max-age'], '600')
  t.equal(response.headers['access-control-expose-headers'], 'x-total-count')
  t.equal(response.headers.vary, 'Access-Control-Request-Headers')
  t.equal(response.headers['content-length'], '0')
  t.equal(response.body, '')
  t.equal(handlerRuns, 0, 'the preflight never reaches the route handler')
})

t.test('a simple request gets the CORS headers next to the handler payload', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cors, { origin: 'https://app.example', exposedHeaders: 'x-total-count' })
  app.get('/items', async function listItems (_request, reply) {
    reply.header('x-total-count', '2')
    return [1, 2]
  })

  const response = await app.inject({ url: '/items', headers: { origin: 'https://app.example' } })
  t.equal(response.statusCode, 200)
  t.same(response.json(), [1, 2])
  t.equal(response.headers['access-control-allow-origin'], 'https://app.example')
  t.equal(response.headers['access-control-expose-headers'], 'x-total-count')
  t.equal(response.headers['x-total-count'], '2')
  t.notOk('access-control-allow-methods' in response.headers, 'preflight-only headers stay off simple requests')
})

t.test('origin lists and patterns reflect allowed origins only, and always vary on Origin', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cors, { origin: ['https://one.example', /\.trusted\.example$/] })
  app.get('/', async function home () { return 'home' })

  const listed = await app.inject({ url: '/', headers: { origin: 'https://one.example' } })
  t.equal(listed.headers['access-control-allow-origin'], 'https://one.example')
  t.equal(listed.headers.vary, 'Origin')

  const matched = await app.inject({ url: '/', headers: { origin: 'https://api.trusted.example' } })
  t.equal(matched.headers['access-control-allow-origin'], 'https://api.trusted.example')

  const foreign = await app.inject({ url: '/', headers: { origin: 'https://evil.example' } })
  t.equal(foreign.statusCode, 200, 'the request is still served; the browser enforces CORS')
  t.equal(foreign.body, 'home')
  t.notOk('access-control-allow-origin' in foreign.headers, 'a foreign origin is not allowed')
  t.equal(foreign.headers.vary, 'Origin')

  const foreignPreflight = await app.inject(preflight('/', 'https://evil.example'))
  t.equal(foreignPreflight.statusCode, 204)
  t.notOk('access-control-allow-origin' in foreignPreflight.headers)
})

t.test('an async origin function decides per request; origin false leaves OPTIONS to the not-found handler', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const asked: Array<string | undefined> = []
  await app.register(cors, {
    // @fastify/cors awaits an origin function that returns a promise; its types only declare the callback form.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    origin: async function allowPartners (origin: string | undefined) {
      asked.push(origin)
      if (origin === 'https://blocked.example') return false
      return origin === 'https://partner.example'
    }
  })
  app.get('/', async function home () { return 'home' })

  const allowed = await app.inject(preflight('/', 'https://partner.example', 'GET'))
  t.equal(allowed.statusCode, 204)
  t.equal(allowed.headers['access-control-allow-origin'], 'https://partner.example')

  const blocked = await app.inject(preflight('/', 'https://blocked.example', 'GET'))
  t.equal(blocked.statusCode, 404, 'with CORS disabled for this origin the OPTIONS route calls the not-found handler')
  t.equal(blocked.json().message, 'Route OPTIONS:/ not found')
  t.notOk('access-control-allow-origin' in blocked.headers)
  t.same(asked, ['https://partner.example', 'https://blocked.example'])
})

t.test('strict preflight refuses an OPTIONS request without Access-Control-Request-Method', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(cors, { origin: '*' })
  app.get('/', async function home () { return 'home' })

  const response = await app.inject({ method: 'OPTIONS', url: '/', headers: { origin: 'https://app.example' } })
  t.equal(response.statusCode, 400)
  t.equal(response.body, 'Invalid Preflight Request')
  t.match(response.headers['content-type'], /^text\/plain/)
  t.equal(response.headers['access-control-allow-origin'], '*')
})

t.test('the plugin applies where it is registered: a prefixed child context, not its siblings', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async function api (instance) {
    await instance.register(cors, { origin: 'https://app.example' })
    instance.get('/items', async function listItems () { return ['a'] })
  }, { prefix: '/api' })
  app.get('/site', async function site () { return 'site' })

  const api = await app.inject({ url: '/api/items', headers: { origin: 'https://app.example' } })
  t.equal(api.headers['access-control-allow-origin'], 'https://app.example')
  const apiPreflight = await app.inject(preflight('/api/items', 'https://app.example', 'GET'))
  t.equal(apiPreflight.statusCode, 204)

  const site = await app.inject({ url: '/site', headers: { origin: 'https://app.example' } })
  t.equal(site.statusCode, 200)
  t.notOk('access-control-allow-origin' in site.headers, 'a route outside the context gets no CORS headers')
  const sitePreflight = await app.inject(preflight('/site', 'https://app.example', 'GET'))
  t.equal(sitePreflight.statusCode, 404, 'and no preflight route')
})

t.test('the preflight can be answered in another hook (hook: preHandler)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const trail: string[] = []
  app.addHook('onRequest', async function record () { trail.push('onRequest') })
  await app.register(cors, { origin: 'https://app.example', hook: 'preHandler' })
  app.get('/', async function home () { return 'home' })

  const response = await app.inject(preflight('/', 'https://app.example', 'GET'))
  t.equal(response.statusCode, 204)
  t.equal(response.headers['access-control-allow-origin'], 'https://app.example')
  t.same(trail, ['onRequest'], 'earlier hooks ran before the preflight answer')
})
