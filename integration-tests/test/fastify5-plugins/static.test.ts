// @fastify/static 10 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: files under a
// prefix with their headers, conditional requests, HEAD, ranges, index.html, traversal and dotfiles,
// reply.sendFile / reply.download and `serve: false`.
import t from 'tap'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fastifyStatic from '@fastify5/static'
import { onFastify5 } from '../helpers/fastify5.js'

const root = mkdtempSync(join(tmpdir(), 'enclave-static5-'))
writeFileSync(join(root, 'hello.txt'), 'hello, static world\n')
writeFileSync(join(root, 'index.html'), '<h1>index</h1>')
writeFileSync(join(root, '.secret'), 'hidden')
mkdirSync(join(root, 'docs'))
writeFileSync(join(root, 'docs', 'index.html'), '<h1>docs</h1>')
const other = mkdtempSync(join(tmpdir(), 'enclave-static5-other-'))
writeFileSync(join(other, 'report.csv'), 'a,b\n1,2\n')
t.teardown(() => {
  rmSync(root, { recursive: true, force: true })
  rmSync(other, { recursive: true, force: true })
})

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(fastifyStatic, { root, prefix: '/public/', dotfiles: 'deny' })
  await app.register(async (child: any) => {
    await child.register(fastifyStatic, { root: other, serve: false, decorateReply: false })
  })
  app.get('/send', (_request: any, reply: any) => reply.sendFile('hello.txt'))
  app.get('/download', (_request: any, reply: any) => reply.download('hello.txt', 'greeting.txt'))
  return app
}, async (t, app) => {
  t.test('a file is served with its type, length and cache headers', async (t) => {
    const res = await app.inject('/public/hello.txt')
    t.equal(res.statusCode, 200)
    t.equal(res.body, 'hello, static world\n')
    t.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
    t.equal(res.headers['content-length'], '20')
    t.equal(res.headers['accept-ranges'], 'bytes')
    t.equal(res.headers['cache-control'], 'public, max-age=0')
    t.type(res.headers.etag, 'string')
    t.type(res.headers['last-modified'], 'string')

    const cached = await app.inject({ url: '/public/hello.txt', headers: { 'if-none-match': res.headers.etag } })
    t.equal(cached.statusCode, 304)
    const head = await app.inject({ method: 'HEAD', url: '/public/hello.txt' })
    t.equal(head.statusCode, 200)
    t.equal(head.headers['content-length'], '20')
  })

  t.test('ranges answer 206 and an unsatisfiable one 416', async (t) => {
    const part = await app.inject({ url: '/public/hello.txt', headers: { range: 'bytes=0-4' } })
    t.equal(part.statusCode, 206)
    t.equal(part.body, 'hello')
    t.equal(part.headers['content-range'], 'bytes 0-4/20')
    const bad = await app.inject({ url: '/public/hello.txt', headers: { range: 'bytes=100-200' } })
    t.equal(bad.statusCode, 416)
  })

  t.test('index.html is served for the folder and a subfolder', async (t) => {
    t.equal((await app.inject('/public/')).body, '<h1>index</h1>')
    t.equal((await app.inject('/public/docs/')).body, '<h1>docs</h1>')
  })

  t.test('missing files, traversal and dotfiles are refused', async (t) => {
    t.equal((await app.inject('/public/missing.txt')).statusCode, 404)
    t.equal((await app.inject('/public/../package.json')).statusCode, 404)
    t.equal((await app.inject('/public/%2e%2e/package.json')).statusCode, 404)
    t.equal((await app.inject('/public/.secret')).statusCode, 403)
  })

  t.test('reply.sendFile and reply.download send a file from the root', async (t) => {
    const sent = await app.inject('/send')
    t.equal(sent.body, 'hello, static world\n')
    const download = await app.inject('/download')
    t.equal(download.body, 'hello, static world\n')
    t.equal(download.headers['content-disposition'], 'attachment; filename=greeting.txt')
  })

  t.test('serve: false registers no route for its root', async (t) => {
    t.equal((await app.inject('/report.csv')).statusCode, 404)
  })
})
