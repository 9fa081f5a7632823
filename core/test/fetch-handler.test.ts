import t from 'tap'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'

/** enclave(), the Fastify v4 face and the v5 face: app.fetch() is the same on each. */
const entries = [...enclaveFaces, fastify5Face]

const base = 'http://app.test'

for (const [name, create] of entries) {
  t.test(`${name}: app.fetch is bound, readies the app on the first call, and routes`, async (t) => {
    const app = create()
    let readied = 0
    app.addHook('onReady', async () => { readied++ })
    app.get('/users/:id', async (request: any) => ({ id: request.params.id, q: request.query.q, host: request.hostname }))
    t.teardown(() => app.close())
    // Taken off the instance, as `export default { fetch: app.fetch }` does, and called unbound.
    const worker = { fetch: app.fetch }
    const fetch = worker.fetch
    const response: Response = await fetch(new Request(`${base}/users/42?q=x`))
    t.equal(readied, 1)
    t.equal(response.status, 200)
    t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8')
    t.same(await response.json(), { id: '42', q: 'x', host: 'app.test' })
    t.equal(app.fetch, fetch, 'one handler per app')
    const again: Response = await app.fetch(new Request(`${base}/users/7`))
    t.same(await again.json(), { id: '7', host: 'app.test' })
    t.equal(readied, 1, 'ready() ran once')
  })

  t.test(`${name}: a child instance's fetch answers for the whole app`, async (t) => {
    const app = create()
    let childFetch: any
    app.register(async (child: any) => { childFetch = child.fetch })
    app.get('/', async () => 'root')
    t.teardown(() => app.close())
    await app.ready()
    const response: Response = await childFetch(new Request(`${base}/`))
    t.equal(await response.text(), 'root')
  })

  t.test(`${name}: a ready() failure rejects the call`, async (t) => {
    const app = create()
    app.register(async () => { throw new Error('plugin failed') })
    t.teardown(() => app.close().catch(() => {}))
    await t.rejects(app.fetch(new Request(`${base}/`)), { message: 'plugin failed' })
  })

  t.test(`${name}: something other than a Request is refused with a coded error`, async (t) => {
    const app = create()
    t.teardown(() => app.close())
    await t.rejects(app.fetch('http://app.test/'), { code: 'ENC_ERR_FETCH_INVALID_REQUEST', name: 'FastifyError' })
    await t.rejects(app.fetch(null), { code: 'ENC_ERR_FETCH_INVALID_REQUEST', message: 'app.fetch() expects a Web Request, received null' })
  })

  t.test(`${name}: after close() the app answers no more`, async (t) => {
    const app = create()
    app.get('/', async () => 'ok')
    await app.ready()
    await app.close()
    await t.rejects(app.fetch(new Request(`${base}/`)), { code: 'FST_ERR_REOPENED_CLOSE_SERVER' })
  })

  t.test(`${name}: encapsulated hooks apply to their own routes only`, async (t) => {
    const app = create()
    app.register(async (child: any) => {
      child.addHook('onRequest', async (_request: any, reply: any) => { reply.header('x-child', 'yes') })
      child.get('/inside', async () => 'in')
    }, { prefix: '/child' })
    app.get('/outside', async () => 'out')
    t.teardown(() => app.close())
    const inside: Response = await app.fetch(new Request(`${base}/child/inside`))
    const outside: Response = await app.fetch(new Request(`${base}/outside`))
    t.equal(inside.headers.get('x-child'), 'yes')
    t.equal(await inside.text(), 'in')
    t.equal(outside.headers.get('x-child'), null)
    t.equal(await outside.text(), 'out')
  })

  t.test(`${name}: a thrown error answers 500 without a stack`, async (t) => {
    const app = create({ logger: false })
    app.get('/boom', async () => { throw new Error('secret detail') })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/boom`))
    t.equal(response.status, 500)
    const body = await response.json()
    t.equal(body.statusCode, 500)
    t.notOk('stack' in body)
    t.notMatch(JSON.stringify(body), /at .*\.(js|ts):\d+/)
  })

  t.test(`${name}: set-cookie values stay separate; HEAD has headers and no body`, async (t) => {
    const app = create()
    app.get('/cookies', async (_request: any, reply: any) => {
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT'])
      return 'hello'
    })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/cookies`))
    t.same(response.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT'])
    t.equal(await response.text(), 'hello')
    const head: Response = await app.fetch(new Request(`${base}/cookies`, { method: 'HEAD' }))
    t.equal(head.status, 200)
    t.equal(head.body, null)
    t.equal(head.headers.get('content-length'), '5')
    t.equal(head.headers.getSetCookie().length, 2)
  })

  t.test(`${name}: the raw response takes any header name, those of Object.prototype included`, async (t) => {
    const app = create()
    app.get('/names', async (_request: any, reply: any) => {
      const raw = reply.raw
      const unset = [raw.getHeader('constructor'), raw.hasHeader('toString'), raw.getHeader('__proto__')]
      raw.setHeader('__proto__', 'p')
      raw.setHeader('Constructor', 'c')
      raw.setHeader('x-gone', '1')
      raw.removeHeader('X-Gone')
      return { unset, names: raw.getHeaderNames().sort(), proto: raw.getHeader('__proto__') }
    })
    t.teardown(() => app.close())
    const response: Response = await app.fetch(new Request(`${base}/names`))
    t.same(await response.json(), { unset: [null, false, null], names: ['__proto__', 'constructor'], proto: 'p' })
    t.equal(response.headers.get('__proto__'), 'p')
    t.equal(response.headers.get('constructor'), 'c')
    t.equal(response.headers.get('x-gone'), null)
  })

  t.test(`${name}: request headers reach the handler as Node shows them`, async (t) => {
    const app = create()
    app.post('/echo', async (request: any) => ({ headers: request.headers, body: request.body }))
    t.teardown(() => app.close())
    const headers = new Headers()
    headers.append('X-Multi', 'one')
    headers.append('x-multi', 'two')
    headers.append('content-type', 'application/json')
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    const response: Response = await app.fetch(new Request(`${base}/echo`, { method: 'POST', headers, body: '{"a":1}' }))
    const echoed = await response.json()
    t.equal(echoed.headers['x-multi'], 'one, two')
    t.same(echoed.headers['set-cookie'], ['a=1', 'b=2'])
    t.equal(echoed.headers.host, 'app.test')
    t.same(echoed.body, { a: 1 })
  })

  t.test(`${name}: request.ip comes from the runtime's platform argument`, async (t) => {
    const app = create()
    app.get('/ip', async (request: any) => ({ ip: request.ip ?? null, protocol: request.protocol }))
    t.teardown(() => app.close())
    const bunServer = { requestIP: (request: Request) => (request instanceof Request ? { address: '203.0.113.7', family: 'IPv4', port: 5000 } : null) }
    const bun: Response = await app.fetch(new Request(`${base}/ip`), bunServer)
    t.same(await bun.json(), { ip: '203.0.113.7', protocol: 'http' })
    const denoInfo = { remoteAddr: { transport: 'tcp', hostname: '2001:db8::1', port: 5001 } }
    const deno: Response = await app.fetch(new Request('https://app.test/ip'), denoInfo)
    t.same(await deno.json(), { ip: '2001:db8::1', protocol: 'https' })
    const workersEnv = { SOME_BINDING: 'x' }
    const none: Response = await app.fetch(new Request(`${base}/ip`), workersEnv, {})
    t.same(await none.json(), { ip: null, protocol: 'http' })
  })
}
