// @fastify/routes 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: fastify.routes
// maps each URL to its routes' options by method, prefixes and schemas included.
import t from 'tap'
import routes from '@fastify5/routes'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(routes)
  app.get('/a', { schema: { querystring: { type: 'object', properties: { q: { type: 'string' } } } } }, async () => 'a')
  app.post('/a', async () => 'posted')
  await app.register(async (child: any) => { child.get('/b', async () => 'b') }, { prefix: '/child' })
  app.get('/routes', async () => {
    const out: Record<string, string[]> = {}
    for (const [url, list] of app.routes) out[url] = list.map((route: { method: string }) => route.method)
    return out
  })
  return app
}, async (t, app) => {
  t.test('every route is listed under its URL', async (t) => {
    const listed = (await app.inject('/routes')).json()
    t.same(listed['/a'], ['GET', 'HEAD', 'POST'])
    t.same(listed['/child/b'], ['GET', 'HEAD'])
  })

  t.test('a route\'s entry keeps its schema', async (t) => {
    const get = app.routes.get('/a').find((route: { method: string }) => route.method === 'GET')
    t.same(get.schema.querystring.properties, { q: { type: 'string' } })
    t.equal(get.url, '/a')
  })
})
