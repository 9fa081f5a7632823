// Official plugins (the Fastify 4 majors), unmodified, stacked the way apps stack them, on
// fastify@4.29.1 and on @enclave/fastify4: what one plugin registers meets the other plugins' hooks,
// prefixes and encapsulation. Each case builds the same app on both and compares what clients see.
import { createRequire } from 'node:module'
import t, { type Test } from 'tap'
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import formbody from '@fastify/formbody'
import sensible from '@fastify/sensible'
import compress from '@fastify/compress'

const require = createRequire(import.meta.url)
const runtimes: Array<[string, () => any]> = [
  ['fastify@4.29.1', () => require('fastify4')],
  ['@enclave/fastify4', () => require('@enclave/fastify4')]
]

interface Exchange { method?: string, url: string, headers?: Record<string, string>, payload?: string }

async function observe (make: () => any, setup: (app: any) => void, exchanges: Exchange[]): Promise<unknown[]> {
  const app = make()()
  setup(app)
  await app.ready()
  const seen: unknown[] = []
  for (const exchange of exchanges) {
    const response = await app.inject(exchange)
    const { date: _date, ...headers } = response.headers
    seen.push([exchange.method ?? 'GET', exchange.url, response.statusCode, headers, response.headers['content-encoding'] === undefined ? response.body : response.rawPayload.length > 0])
  }
  await app.close()
  return seen
}

async function same (t: Test, setup: (app: any) => void, exchanges: Exchange[]): Promise<unknown[]> {
  const [[baseName, base], [faceName, face]] = runtimes
  const expected = await observe(base!, setup, exchanges)
  t.same(await observe(face!, setup, exchanges), expected, `${faceName!} as ${baseName!}`)
  return expected
}

t.test('@fastify/swagger lists a \'/\' route under a prefix as the prefix with its slash', async (t) => {
  const expected = await same(t, (app) => {
    app.register(swagger, { openapi: { info: { title: 'stack', version: '1.0.0' } } })
    app.register(async (api: any) => {
      api.get('/', async () => ({ list: [] }))
      api.get('/:id', async (request: any) => ({ id: request.params.id }))
    }, { prefix: '/items' })
    app.get('/paths', async function (this: any) { return Object.keys(this.swagger().paths).sort() })
  }, [{ url: '/paths' }, { url: '/items' }, { url: '/items/' }])
  // '/paths' is declared before the plugin loads, so its onRoute hook never sees it.
  t.equal((expected[0] as unknown[])[4], '["/items/","/items/{id}"]')
})

const boundary = 'stackedboundary'
const multipartBody = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`

t.test('body parsers a wrapped plugin adds to the root after an encapsulated plugin loaded do not reach it', async (t) => {
  const upload = { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipartBody }
  const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' }
  const expected = await same(t, (app) => {
    app.register(async (early: any) => {
      early.post('/upload', async (request: any) => ({ multipart: typeof request.isMultipart === 'function' && request.isMultipart() }))
      early.post('/form', async (request: any) => ({ body: request.body }))
    }, { prefix: '/early' })
    app.register(fp(async (root: any) => {
      await root.register(multipart)
      await root.register(formbody)
    }))
    app.register(async (later: any) => {
      later.post('/upload', async (request: any) => {
        const file = await request.file()
        return { field: file.fieldname, content: (await file.toBuffer()).toString() }
      })
      later.post('/form', async (request: any) => ({ body: request.body }))
    }, { prefix: '/later' })
  }, [{ ...upload, url: '/early/upload' }, { ...form, url: '/early/form' }, { ...upload, url: '/later/upload' }, { ...form, url: '/later/form' }])
  t.equal((expected[0] as unknown[])[2], 415, 'the plugin loaded first answers 415 to multipart')
  t.equal((expected[2] as unknown[])[4], '{"field":"file","content":"hello"}', 'the plugin loaded after parses it')
})

t.test('@fastify/static at the root answers a missing file with the root\'s not-found handler, under an API prefix too', async (t) => {
  const root = t.testdir({ 'hello.txt': 'hello\n' })
  const expected = await same(t, (app) => {
    app.register(sensible)
    app.setNotFoundHandler((request: any, reply: any) => { reply.code(404).send({ handler: 'root', url: request.url }) })
    app.register(async (api: any) => {
      api.setNotFoundHandler((request: any, reply: any) => { reply.code(404).send({ handler: 'api', url: request.url }) })
      api.get('/users/:id', async (request: any, reply: any) => request.params.id === '1' ? { id: 1 } : reply.notFound())
    }, { prefix: '/api' })
    app.register(fastifyStatic, { root })
  }, [{ url: '/hello.txt' }, { url: '/missing.txt' }, { url: '/api/missing.txt' }, { url: '/api/users/1' }, { url: '/api/users/2' }])
  t.equal((expected[2] as unknown[])[4], '{"handler":"root","url":"/api/missing.txt"}', 'the static wildcard is the root\'s route')
})

t.test('@fastify/compress leaves a GET route\'s HEAD answer uncompressed, with the GET body\'s length, errors included', async (t) => {
  const headers = { 'accept-encoding': 'gzip, deflate' }
  const expected = await same(t, (app) => {
    app.register(compress, { threshold: 10 })
    app.register(async (api: any) => {
      api.addHook('preHandler', async (request: any) => {
        if (request.headers['x-deny'] !== undefined) throw Object.assign(new Error('denied by the API'), { statusCode: 403 })
      })
      api.setErrorHandler(async (error: Error, request: any, reply: any) => { reply.code(422); return { handled: error.message } })
      api.get('/report', async () => ({ report: 'a body long enough to be compressed'.repeat(4) }))
    }, { prefix: '/api' })
  }, [
    { url: '/api/report', headers },
    { method: 'HEAD', url: '/api/report', headers },
    { method: 'HEAD', url: '/api/report', headers: { ...headers, 'x-deny': '1' } }
  ])
  const head = expected[1] as [string, string, number, Record<string, unknown>, unknown]
  t.equal(head[3]['content-encoding'], undefined, 'the HEAD answer is not compressed')
  t.equal(head[3]['content-length'], String(JSON.stringify({ report: 'a body long enough to be compressed'.repeat(4) }).length))
})
