// @fastify/url-data 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: request.urlData()
// splits the request URL into path, query and host parts.
import t from 'tap'
import urlData from '@fastify5/url-data'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(urlData)
  app.get('/*', async (request: any) => {
    const data = request.urlData()
    return { path: data.path, query: data.query, host: data.host, port: data.port ?? null, one: request.urlData('path') }
  })
  return app
}, async (t, app) => {
  t.test('the parts of the URL are returned', async (t) => {
    const res = await app.inject({ url: '/foo/bar?a=b&c=d', headers: { host: 'example.com:8080' } })
    t.same(res.json(), { path: '/foo/bar', query: 'a=b&c=d', host: 'example.com', port: 8080, one: '/foo/bar' })
  })
})
