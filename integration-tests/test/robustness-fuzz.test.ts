// Seeded fuzzing over a real socket: random paths (router), random Content-Type headers (parser
// lookup) and random bytes as JSON bodies. Every request gets one complete HTTP response, never a
// 5xx, and the process lives. The seed and run counts are fixed so a failure replays exactly.
import t from 'tap'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import enclave from '@enclave/core'

const seed = 20240610

/** Sends raw bytes on a fresh connection and returns the first response, or null if incomplete. */
function exchange (port: number, bytes: Buffer, head = false): Promise<{ status: number, body: string } | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes))
    const chunks: Buffer[] = []
    // only a server that never answers reaches this; generous, as a loaded machine answers slowly
    const timer = setTimeout(() => socket.destroy(), 15_000)
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(firstResponse(Buffer.concat(chunks).toString('latin1'), head))
    })
  })
}

/** A HEAD response declares the length of the body a GET would have had, and sends none. */
function firstResponse (text: string, head: boolean): { status: number, body: string } | null {
  const end = text.indexOf('\r\n\r\n')
  if (end === -1) return null
  const match = /^HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n/.exec(text)
  const length = /\r\ncontent-length: (\d+)\r\n/i.exec(text.slice(0, end + 2))
  if (match === null || length === null) return null
  // A HEAD answered by a route has no body; one refused by the HTTP parser gets the full error.
  const rest = text.length - end - 4
  const expected = head && rest === 0 ? 0 : Number(length[1])
  const body = text.slice(end + 4, end + 4 + expected)
  if (Buffer.byteLength(body, 'latin1') !== expected) return null
  return { status: Number(match[1]), body }
}

function buildApp () {
  const app = enclave({ bodyLimit: 4096 })
  app.get('/', async () => ({ root: true }))
  app.get('/alive', async () => ({ alive: true }))
  app.get('/users/:id', async (request) => ({ id: (request.params as any).id }))
  app.get('/users/:id/posts/:post', async (request) => request.params)
  app.get('/files/*', async (request) => request.params)
  app.get('/numbers/:n(^\\d+$)', async (request) => request.params)
  app.get('/dates/:year-:month', async (request) => request.params)
  app.post('/items', {
    schema: {
      body: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', maxLength: 50 }, tags: { type: 'array', items: { type: 'string' } }, nested: { type: 'object' } }
      }
    }
  }, async (request) => ({ received: request.body as unknown }))
  app.post('/any', async (request) => ({ type: typeof request.body }))
  app.addContentTypeParser('application/vnd.custom+json', { parseAs: 'string' }, (app as any).getDefaultJsonParser('error', 'error'))
  app.addContentTypeParser(/^text\/x-.*$/, { parseAs: 'string' }, async (_request: unknown, body: unknown) => body)
  app.register(async function plugin (child) {
    child.get('/inner/:a/:b', async (request) => request.params)
  }, { prefix: '/scoped' })
  return app
}

const app = buildApp()
t.teardown(() => app.close())
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as AddressInfo).port

const pathPiece = fc.oneof(
  fc.constantFrom('', '/', '//', '.', '..', '%', '%2F', '%2f', '%00', '%zz', '%c0%af', '%ff', ';', ';a=b', '?', '?a=1&a=2', '#', 'users', 'files',
    'numbers', 'dates', 'scoped', 'inner', '2024-05', '123', ':id', '*', 'é', '\u0000', ' ', '\t', '\\', '%E0%A4%A', 'a'.repeat(120)),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 })
)
const randomPath = fc.array(pathPiece, { maxLength: 8 }).map((pieces) => '/' + pieces.join('/'))
const method = fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND')

t.test('router: random paths always get a complete response, never a 5xx', async (t) => {
  let answered = 0
  await fc.assert(fc.asyncProperty(method, randomPath, async (verb, path) => {
    const response = await exchange(port, Buffer.from(`${verb} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'utf8'), verb === 'HEAD')
    if (response === null) return false
    answered++
    return response.status < 500
  }), { seed, numRuns: 400 })
  t.equal(answered, 400, 'every path was answered')
})

const mediaPiece = fc.constantFrom('application', 'json', 'text', 'x-', 'vnd.custom+json', '*', '/', ';', '=', '"', ' ', ',', 'charset',
  'utf-8', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '\t', 'APPLICATION/JSON', '\u00e9', 'x'.repeat(300))
const contentType = fc.oneof(
  fc.array(mediaPiece, { maxLength: 10 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.tuple(fc.constantFrom('application/json', 'text/plain', 'text/x-thing', 'application/vnd.custom+json'), fc.string({ maxLength: 20 }))
    .map(([type, suffix]) => type + suffix)
)

t.test('content-type parser: random Content-Type headers always get a complete response, never a 5xx', async (t) => {
  let answered = 0
  await fc.assert(fc.asyncProperty(contentType, fc.constantFrom('/items', '/any'), async (type, path) => {
    const body = '{"name":"fuzz"}'
    const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`
    const response = await exchange(port, Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]))
    if (response === null) return false
    answered++
    return [200, 400, 415].includes(response.status)
  }), { seed, numRuns: 400 })
  t.equal(answered, 400)
})

const jsonishBytes = fc.oneof(
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
  fc.json({ maxDepth: 6 }).map((text) => Buffer.from(text)),
  fc.tuple(fc.json({ maxDepth: 6 }), fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 4 }))
    .map(([text, at, noise]) => {
      // Valid JSON with a few bytes overwritten: mostly near-misses the parser must still refuse cleanly.
      const bytes = Buffer.from(text)
      if (bytes.length === 0) return bytes
      Buffer.from(noise).copy(bytes, at % bytes.length)
      return bytes
    }),
  fc.record({ name: fc.string({ maxLength: 60 }), tags: fc.array(fc.string(), { maxLength: 4 }), nested: fc.object({ maxDepth: 3 }) })
    .map((value) => Buffer.from(JSON.stringify(value))),
  fc.constantFrom('{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(3000) + ']'.repeat(3000), '"\\ud800"', '1e999', '-0')
    .map((text) => Buffer.from(text))
)

t.test('JSON body path: random bytes always get a complete response, never a 5xx', async (t) => {
  let answered = 0
  await fc.assert(fc.asyncProperty(jsonishBytes, fc.constantFrom('/items', '/any'), fc.boolean(), async (body, path, chunked) => {
    const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`
    const head = Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`)
    const payload = chunked
      ? Buffer.concat([Buffer.from(body.length > 0 ? `${body.length.toString(16)}\r\n` : ''), body, Buffer.from(body.length > 0 ? '\r\n0\r\n\r\n' : '0\r\n\r\n')])
      : body
    const response = await exchange(port, Buffer.concat([head, payload]))
    if (response === null) return false
    answered++
    return [200, 400, 413].includes(response.status)
  }), { seed, numRuns: 400 })
  t.equal(answered, 400)
  t.equal(({} as any).x, undefined, 'Object.prototype untouched')
})

t.test('the server is still healthy after the fuzzing', async (t) => {
  const response = await fetch(`http://127.0.0.1:${port}/alive`)
  t.equal(response.status, 200)
})
