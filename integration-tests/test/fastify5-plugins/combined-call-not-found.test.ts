// @fastify/cors and @fastify/static (the Fastify 5 majors) registered at the root beside a plugin
// with a prefix and a not-found handler of its own: the plugins' root wildcard routes hand what they
// do not answer to reply.callNotFound(), which runs the root's not-found handler whatever the URL,
// on fastify@5.12.8 as on @enclave/fastify.
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import cors from '@fastify5/cors'
import fastifyStatic from '@fastify5/static'
import { onFastify5 } from '../helpers/fastify5.js'

const root = mkdtempSync(join(tmpdir(), 'combined-call-not-found-'))
writeFileSync(join(root, 'a.txt'), 'a file\n')
t.teardown(() => { rmSync(root, { recursive: true, force: true }) })

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(cors, { origin: (origin: string, callback: any) => { callback(null, origin === 'https://a.example') } })
  await app.register(fastifyStatic, { root, prefix: '/' })
  app.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send({ from: 'root handler' }) })
  await app.register(async (api: any) => {
    api.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send({ from: 'api handler' }) })
    api.get('/items', async () => [1, 2])
  }, { prefix: '/api' })
  return app
}, async (t, app) => {
  t.test("a preflight from an origin CORS is not enabled for goes to the root's handler", async (t) => {
    const response = await app.inject({ method: 'OPTIONS', url: '/api/items', headers: { origin: 'https://b.example', 'access-control-request-method': 'GET' } })
    t.equal(response.statusCode, 404)
    t.same(response.json(), { from: 'root handler' })
  })

  t.test("a file @fastify/static does not have goes to the root's handler", async (t) => {
    const response = await app.inject('/api/missing.txt')
    t.equal(response.statusCode, 404)
    t.same(response.json(), { from: 'root handler' })
    t.equal((await app.inject('/a.txt')).body, 'a file\n')
  })

  t.test("a URL under /api that no route matches at all still goes to /api's handler", async (t) => {
    const response = await app.inject({ method: 'POST', url: '/api/missing' })
    t.same(response.json(), { from: 'api handler' })
  })
})
