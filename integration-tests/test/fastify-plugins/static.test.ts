// @fastify/static 7 (the Fastify 4 major), unmodified, on Enclave: files served under a prefix
// with their type, ETag and Last-Modified, 304 on a matching validator, HEAD and ranges, index
// files, not-found and traversal refusals, reply.sendFile / reply.download, and listings.
import http from 'node:http'
import { join } from 'node:path'
import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import type { EnclaveReply } from '@enclave/core'
import fastifyStatic from '@fastify/static'
import { start } from '../helpers/listen.js'

interface FileReply {
  sendFile: (path: string, root?: string) => EnclaveReply
  download: (path: string, fileName?: string) => EnclaveReply
}

function filesOf (reply: EnclaveReply): FileReply {
  return reply as unknown as FileReply
}

const helloText = 'hello from a static file\n'

function fixture (t: Test): string {
  return t.testdir({
    'hello.txt': helloText,
    'style.css': 'body { color: black }\n',
    docs: { 'index.html': '<h1>docs</h1>\n', 'guide.html': '<p>guide</p>\n' },
    '.env': 'SECRET=1\n'
  })
}

t.test('a file is served with its content type, length, ETag and Last-Modified', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, prefix: '/assets/' })

  const response = await app.inject('/assets/hello.txt')
  t.equal(response.statusCode, 200)
  t.equal(response.body, helloText)
  t.equal(response.headers['content-type'], 'text/plain; charset=UTF-8')
  t.equal(response.headers['content-length'], String(Buffer.byteLength(helloText)))
  t.match(response.headers.etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/)
  t.match(response.headers['last-modified'], /GMT$/)
  t.equal(response.headers['cache-control'], 'public, max-age=0')
  t.equal(response.headers['accept-ranges'], 'bytes')

  const css = await app.inject('/assets/style.css')
  t.equal(css.headers['content-type'], 'text/css; charset=UTF-8')
})

t.test('a matching If-None-Match or If-Modified-Since is answered 304 without a body', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, prefix: '/assets/' })

  const first = await app.inject('/assets/hello.txt')
  const etag = String(first.headers.etag)

  const byEtag = await app.inject({ url: '/assets/hello.txt', headers: { 'if-none-match': etag } })
  t.equal(byEtag.statusCode, 304)
  t.equal(byEtag.body, '')
  t.equal(byEtag.headers.etag, etag)

  const byDate = await app.inject({ url: '/assets/hello.txt', headers: { 'if-modified-since': String(first.headers['last-modified']) } })
  t.equal(byDate.statusCode, 304)
  t.equal(byDate.body, '')

  const stale = await app.inject({ url: '/assets/hello.txt', headers: { 'if-none-match': 'W/"0-0"' } })
  t.equal(stale.statusCode, 200, 'another validator gets the file')
  t.equal(stale.body, helloText)
})

t.test('HEAD gives the headers without the body; a range request gets 206 and the slice', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, prefix: '/assets/' })

  const head = await app.inject({ method: 'HEAD', url: '/assets/hello.txt' })
  t.equal(head.statusCode, 200)
  t.equal(head.body, '')
  t.equal(head.headers['content-length'], String(Buffer.byteLength(helloText)))
  t.ok(head.headers.etag)

  const range = await app.inject({ url: '/assets/hello.txt', headers: { range: 'bytes=0-4' } })
  t.equal(range.statusCode, 206)
  t.equal(range.body, 'hello')
  t.equal(range.headers['content-range'], `bytes 0-4/${Buffer.byteLength(helloText)}`)

  const unsatisfiable = await app.inject({ url: '/assets/hello.txt', headers: { range: 'bytes=500-600' } })
  t.equal(unsatisfiable.statusCode, 416)
})

t.test('directories serve their index.html; missing files and traversal attempts are refused', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, prefix: '/assets/' })

  const index = await app.inject('/assets/docs/')
  t.equal(index.statusCode, 200)
  t.equal(index.body, '<h1>docs</h1>\n')
  t.equal(index.headers['content-type'], 'text/html; charset=UTF-8')

  const missing = await app.inject('/assets/nope.txt')
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().message, 'Route GET:/assets/nope.txt not found', 'the not-found handler answers')

  // The router resolves dot segments it can see; an encoded one reaches `send`, which refuses it.
  const attempts: Array<[string, number]> = [
    ['/assets/../package.json', 404],
    ['/assets/%2e%2e/package.json', 404],
    ['/assets/docs/%2e%2e%2f%2e%2e%2fpackage.json', 403]
  ]
  for (const [url, status] of attempts) {
    const response = await app.inject(url)
    t.equal(response.statusCode, status, url)
    t.notMatch(response.body, /"name"/, `${url} does not leak a file outside the root`)
  }
})

t.test('dotfiles: deny answers 403 through the error handler', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, dotfiles: 'deny' })

  const response = await app.inject('/.env')
  t.equal(response.statusCode, 403)
  t.same(response.json(), { statusCode: 403, error: 'Forbidden', message: 'Forbidden' })
  t.notMatch(response.body, /SECRET/)
})

t.test('reply.sendFile and reply.download send a file from a handler', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, serve: false })
  app.get('/greeting', function greeting (_request, reply) { filesOf(reply).sendFile('hello.txt') })
  app.get('/export', function exportFile (_request, reply) { filesOf(reply).download('docs/guide.html', 'guide-copy.html') })
  app.get('/hello.txt', async function notServed () { return 'route, not file' })

  const sent = await app.inject('/greeting')
  t.equal(sent.statusCode, 200)
  t.equal(sent.body, helloText)
  t.equal(sent.headers['content-type'], 'text/plain; charset=UTF-8')

  const downloaded = await app.inject('/export')
  t.equal(downloaded.body, '<p>guide</p>\n')
  t.equal(downloaded.headers['content-disposition'], 'attachment; filename="guide-copy.html"')

  t.equal((await app.inject('/hello.txt')).body, 'route, not file', 'serve: false adds no file routes')
})

t.test('wildcard: false declares one route per file found at start-up', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, wildcard: false })
  await app.ready()

  t.equal(app.hasRoute({ method: 'GET', url: '/hello.txt' }), true)
  t.equal(app.hasRoute({ method: 'GET', url: '/docs/' }), true, 'the index directory gets a route')
  t.equal((await app.inject('/docs/guide.html')).body, '<p>guide</p>\n')
  t.equal((await app.inject('/unknown.txt')).statusCode, 404)
})

t.test('list: json lists a directory', async (t) => {
  const root = fixture(t)
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root, prefix: '/files/', index: false, list: { format: 'json' } })

  const listing = await app.inject('/files/')
  t.equal(listing.statusCode, 200)
  t.same(listing.json(), { dirs: ['docs'], files: ['.env', 'hello.txt', 'style.css'] })
})

t.test('two registrations with different prefixes serve different roots', async (t) => {
  const dir = t.testdir({ first: { 'a.txt': 'from first' }, second: { 'hello.txt': helloText } })
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(fastifyStatic, { root: join(dir, 'first'), prefix: '/one/' })
  await app.register(fastifyStatic, { root: join(dir, 'second'), prefix: '/two/', decorateReply: false })

  t.equal((await app.inject('/one/a.txt')).body, 'from first')
  t.equal((await app.inject('/two/hello.txt')).body, helloText)
  t.equal((await app.inject('/two/a.txt')).statusCode, 404)
})

/** A GET over a real socket with node:http (fetch would add Cache-Control: no-cache to a conditional request). */
function get (port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number, headers: Record<string, unknown>, body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, headers }, function collect (response) {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }))
      response.on('error', reject)
    }).on('error', reject)
  })
}

t.test('over a real socket a large file streams whole, and its ETag revalidates to 304', async (t) => {
  const large = 'x'.repeat(256 * 1024) + 'end'
  const root = t.testdir({ 'large.txt': large })
  const app = enclave()
  await app.register(fastifyStatic, { root })
  const { port } = await start(t, app)

  const full = await get(port, '/large.txt')
  t.equal(full.status, 200)
  t.equal(full.headers['content-length'], String(large.length))
  t.equal(full.body.length, large.length, 'every byte arrived')
  t.ok(full.body.endsWith('end'))
  const etag = String(full.headers.etag)
  t.match(etag, /^W\//)

  const revalidated = await get(port, '/large.txt', { 'if-none-match': etag })
  t.equal(revalidated.status, 304)
  t.equal(revalidated.body.length, 0, 'no body on a 304')
})
