// @fastify/view 12 (the latest Fastify 5 major) with ejs on fastify@5.12.8 and on @enclave/fastify:
// reply.view() renders a template from the root folder with a layout and default context, as
// text/html; the instance's view() renders to a string; a missing template reaches the error handler.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import t from 'tap'
import view from '@fastify5/view'
import { onFastify5 } from '../helpers/fastify5.js'

// ejs ships no type declarations
const ejs = createRequire(import.meta.url)('ejs')

const root = mkdtempSync(join(tmpdir(), 'enclave-view-'))
t.teardown(() => rmSync(root, { recursive: true, force: true }))
writeFileSync(join(root, 'hello.ejs'), '<p>Hello <%= name %> from <%= site %></p>')
writeFileSync(join(root, 'layout.ejs'), '<main><%- body %></main>')

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(view, { engine: { ejs }, root, layout: 'layout.ejs', defaultContext: { site: 'enclave' } })
  app.get('/hello', (request: any, reply: any) => reply.view('hello.ejs', { name: request.query.name }))
  app.get('/string', async () => app.view('hello.ejs', { name: 'string' }))
  app.get('/missing', (_request: any, reply: any) => reply.view('missing.ejs'))
  return app
}, async (t, app) => {
  t.test('reply.view() renders the template inside the layout', async (t) => {
    const res = await app.inject('/hello?name=%3Cada%3E')
    t.equal(res.statusCode, 200)
    t.match(res.headers['content-type'], /^text\/html/)
    t.equal(res.body, '<main><p>Hello &lt;ada&gt; from enclave</p></main>')
  })

  t.test('the instance renders to a string', async (t) => {
    t.equal((await app.inject('/string')).body, '<main><p>Hello string from enclave</p></main>')
  })

  t.test('a missing template answers 500 through the error handler', async (t) => {
    const res = await app.inject('/missing')
    t.equal(res.statusCode, 500)
    t.equal(res.json().statusCode, 500)
  })
})
