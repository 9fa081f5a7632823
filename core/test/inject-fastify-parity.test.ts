import t from 'tap'
import net from 'node:net'
import { Readable } from 'node:stream'
import { faces } from './fixtures/faces.js'

// inject() runs light-my-request 5, as fastify@4.29.1 does: each case below runs on fastify@4.29.1
// and on both Enclave entries, and what a user observes must agree.

function headRoutes (app: any): void {
  app.get('/json', async () => ({ a: 1 }))
  app.get('/text', async (_request: any, reply: any) => { reply.type('text/plain'); return 'hello' })
  app.get('/buffer', async () => Buffer.from('buf'))
  app.get('/stream', async (_request: any, reply: any) => { reply.type('text/plain'); return Readable.from(['a', 'b']) })
  app.get('/throws', async () => { throw new Error('boom') })
  app.get('/on-send', { onSend: async (_request: any, reply: any, payload: unknown) => { reply.header('x-seen', String(payload)); return payload } }, async () => 'seen')
  app.get('/wrong-length', async (_request: any, reply: any) => { reply.type('text/plain').header('content-length', '1'); return 'hello' })
  app.get('/trailer', async (_request: any, reply: any) => { reply.trailer('x-t', async () => 'v'); return 'with trailer' })
  app.get('/hijacked', (_request: any, reply: any) => { reply.hijack(); reply.raw.end('raw body') })
  app.get('/not-found', (_request: any, reply: any) => { reply.callNotFound() })
  app.head('/declared', async (_request: any, reply: any) => { reply.type('text/plain'); return 'declared body' })
  app.get('/304', async (_request: any, reply: any) => { reply.code(304); return 'not modified' })
  app.get('/204', async (_request: any, reply: any) => { reply.code(204).header('x-kept', '1'); return 'no content' })
  app.get('/204-json', async (_request: any, reply: any) => { reply.code(204); return { a: 1 } })
  app.get('/204-typed', async (_request: any, reply: any) => { reply.code(204).type('x/y').header('content-length', '4'); return 'nope' })
  app.get('/204-empty', async (_request: any, reply: any) => { reply.code(204).type('x/y').header('content-length', '9').send() })
  app.get('/204-on-send', { onSend: async (_request: any, reply: any, payload: unknown) => { reply.code(204); return payload } }, async () => 'late 204')
  app.register(async (child: any) => {
    child.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('child not found') })
    child.get('/not-found', (_request: any, reply: any) => { reply.callNotFound() })
  }, { prefix: '/child' })
}

const headProbes = [
  'HEAD /json', 'HEAD /text', 'HEAD /buffer', 'HEAD /stream', 'HEAD /throws', 'HEAD /on-send', 'HEAD /wrong-length',
  'GET /wrong-length', 'HEAD /trailer', 'HEAD /hijacked', 'HEAD /not-found', 'HEAD /child/not-found',
  'HEAD /child/missing', 'HEAD /declared', 'HEAD /missing', 'GET /304', 'HEAD /304', 'GET /204', 'HEAD /204',
  'GET /204-json', 'GET /204-typed', 'GET /204-empty', 'GET /204-on-send'
]

function withoutDate (headers: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const name of Object.keys(headers)) if (name !== 'date') kept[name] = headers[name]
  return kept
}

t.test('inject() shows the body end() was given to a HEAD request, except a GET route\'s HEAD twin, whose body Fastify leaves out itself', async (t) => {
  async function observe (app: any): Promise<Record<string, unknown>> {
    headRoutes(app)
    const seen: Record<string, unknown> = {}
    for (const probe of headProbes) {
      const [method, url] = probe.split(' ') as [string, string]
      const response = await app.inject({ method, url })
      seen[probe] = { status: response.statusCode, body: response.body, headers: withoutDate(response.headers), trailers: response.trailers }
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4())
  t.match(expected, {
    'HEAD /json': { body: '', headers: { 'content-length': '7' } },
    'HEAD /declared': { body: 'declared body' },
    'HEAD /missing': { status: 404, body: '{"message":"Route HEAD:/missing not found","error":"Not Found","statusCode":404}' },
    'GET /204': { status: 204, body: '', headers: { 'x-kept': '1' } }
  }, 'the cases show what they are about on fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory()), expected, name)
})

function rawExchange (port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request))
    let received = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => { received += chunk })
    socket.on('error', reject)
    socket.on('close', () => resolve(received.replace(/\r\ndate: [^\r]*/i, '')))
  })
}

t.test('over a real socket the same HEAD and 204 answers are byte for byte fastify@4.29.1\'s', async (t) => {
  async function observe (app: any): Promise<Record<string, string>> {
    headRoutes(app)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as net.AddressInfo).port
    const seen: Record<string, string> = {}
    for (const probe of headProbes) {
      seen[probe] = await rawExchange(port, `${probe} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4())
  t.match(expected['HEAD /declared'], /content-length: 13\r\n(?:[^\r]+\r\n)*\r\n$/, 'no body on the wire')
  for (const [name, factory] of entries) t.same(await observe(factory()), expected, name)
})

t.test('inject() hands the handler the request light-my-request 5 builds: array headers, stream bodies, cookies', async (t) => {
  async function observe (app: any): Promise<unknown[]> {
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request: any, body: Buffer, done: any) => { done(null, body.toString()) })
    app.post('/echo', async (request: any) => ({
      headers: withoutDate(request.headers),
      rawHeaders: request.raw.rawHeaders,
      body: request.body ?? null
    }))
    const seen: unknown[] = []
    const cases = [
      { method: 'POST', url: '/echo', headers: { 'x-many': ['1', '2'], 'x-one': 'a' }, payload: {} },
      { method: 'POST', url: '/echo', headers: { 'content-type': 'application/octet-stream' }, payload: Readable.from([Buffer.from('st'), Buffer.from('ream')]) },
      { method: 'POST', url: '/echo', cookies: { plain: 'v', spaced: 'a b;c', 'na me': 'x' }, payload: {} }
    ]
    for (const options of [...cases, { method: 'QUERY', url: '/echo' }]) {
      try {
        seen.push((await app.inject(options)).json())
      } catch (error) {
        seen.push({ rejected: (error as Error).message })
      }
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4())
  t.match(expected[0], { headers: { 'x-many': '1,2' } }, 'an array header reaches the handler as one string joined by ","')
  t.notOk((expected[1] as { headers: Record<string, unknown> }).headers['transfer-encoding'], 'a stream body is sent without transfer-encoding')
  t.match(expected[3], { rejected: 'must be equal to one of the allowed values' }, 'QUERY is not a method light-my-request 5 knows')
  for (const [name, factory] of entries) t.same(await observe(factory()), expected, name)
})

t.test('inject() options and the response\'s fields: query, cookies, remoteAddress, authority, URL objects, the chain, simulate, refused options', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<Record<string, unknown>> => {
    const app = factory()
    app.post('/echo', async (request: any) => ({
      query: request.query,
      body: request.body ?? null,
      cookie: request.headers.cookie ?? null,
      header: request.headers['x-a'] ?? null,
      contentType: request.headers['content-type'] ?? null,
      contentLength: request.headers['content-length'] ?? null,
      userAgent: request.headers['user-agent'],
      host: request.headers.host,
      ip: request.ip
    }))
    app.get('/cookies', async (_request: any, reply: any) => {
      reply.header('set-cookie', ['a=1; Path=/; HttpOnly', 'b=2; Max-Age=10'])
      return { ok: 1 }
    })
    const runs: Record<string, () => Promise<any>> = {
      query: () => app.inject({ method: 'POST', url: '/echo', query: { a: ['1', '2'], b: 'x' }, payload: { p: 1 } }),
      cookies: () => app.inject({ method: 'POST', url: '/echo', cookies: { a: 'b c', 'x y': 'z' }, payload: {} }),
      'a string body': () => app.inject({ method: 'POST', url: '/echo', payload: 'plain', headers: { 'content-type': 'text/plain' } }),
      remoteAddress: () => app.inject({ method: 'POST', url: '/echo', remoteAddress: '9.9.9.9', payload: {} }),
      authority: () => app.inject({ method: 'POST', url: '/echo', authority: 'example.com:1', payload: {} }),
      'a URL object': () => app.inject({ method: 'POST', url: { pathname: '/echo', query: { z: '1' } }, payload: {} }),
      'a method light-my-request 5 refuses': () => app.inject({ method: 'NOPE', url: '/echo' }),
      'no url': () => app.inject({ method: 'GET' }),
      'response cookies': () => app.inject('/cookies'),
      'the chain': () => app.inject().post('/echo').query({ c: 'd' }).headers({ 'x-a': 'h' }).payload({ k: 1 }).end(),
      'simulate split': () => app.inject({ method: 'POST', url: '/echo', payload: { long: 'x'.repeat(50) }, simulate: { split: true } })
    }
    const seen: Record<string, unknown> = {}
    for (const [name, run] of Object.entries(runs)) {
      try {
        const response = await run()
        seen[name] = { status: response.statusCode, statusMessage: response.statusMessage, body: response.body, cookies: response.cookies }
      } catch (error) {
        seen[name] = { rejected: (error as Error).message }
      }
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, { 'response cookies': { cookies: [{ name: 'a', value: '1', httpOnly: true }, { name: 'b', value: '2', maxAge: 10 }] } })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('inject(options, callback) on a started instance injects at once: options light-my-request refuses throw to the caller', async (t) => {
  const outcomes = await Promise.all(faces.map(async ([name, make]) => {
    const app = make()
    app.get('/', async () => 'x')
    await app.ready()
    let thrown = 'nothing thrown'
    try {
      app.inject({ method: 'UNKNOWN_METHOD', url: '/' }, () => {})
    } catch (error: any) {
      thrown = String(error.message)
    }
    const response = await new Promise<any>((resolve) => { app.inject({ method: 'GET', url: '/' }, (_error: unknown, res: any) => { resolve(res) }) })
    await app.close()
    return [name, thrown, response.body]
  }))
  for (const [name, thrown, body] of outcomes) t.same([thrown, body], ['must be equal to one of the allowed values', 'x'], name)
})
