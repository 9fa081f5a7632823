// @fastify/http-proxy 11 (the Fastify 5 major, over @fastify/reply-from 12) on fastify@5.12.8 and on
// @enclave/fastify: a prefix forwards to an upstream server with the prefix stripped, the method,
// query, headers and body passed on, the upstream's status and headers passed back, and a
// preHandler able to refuse before anything is forwarded.
import t from 'tap'
import proxy from '@fastify5/http-proxy'
import { onFastify5 } from '../helpers/fastify5.js'
import { startUpstream } from '../helpers/upstream.js'

const base = await startUpstream(t, (req, res) => {
  let body = ''
  req.setEncoding('utf8')
  req.on('data', (chunk: string) => { body += chunk })
  req.on('end', () => {
    res.statusCode = req.url?.startsWith('/missing') === true ? 404 : 200
    res.setHeader('content-type', 'application/json')
    res.setHeader('x-upstream', 'yes')
    res.end(JSON.stringify({ method: req.method, url: req.url, token: req.headers['x-token'] ?? null, body }))
  })
})

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(proxy, {
    upstream: base,
    prefix: '/api',
    preHandler: async (request: any, reply: any) => { if (request.headers['x-token'] === 'bad') reply.code(401).send({ refused: true }) }
  })
  app.get('/local', async () => 'local')
  return app
}, async (t, app) => {
  t.test('a GET is forwarded with the prefix stripped and the query kept', async (t) => {
    const res = await app.inject({ url: '/api/items?limit=2', headers: { 'x-token': 'ok' } })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['x-upstream'], 'yes')
    t.same(res.json(), { method: 'GET', url: '/items?limit=2', token: 'ok', body: '' })
  })

  t.test('a POST body is forwarded and the upstream status comes back', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/api/items', payload: { name: 'x' } })
    t.same(res.json(), { method: 'POST', url: '/items', token: null, body: '{"name":"x"}' })
    t.equal((await app.inject('/api/missing')).statusCode, 404)
  })

  t.test('the preHandler may answer instead of the upstream; other routes are not proxied', async (t) => {
    const refused = await app.inject({ url: '/api/items', headers: { 'x-token': 'bad' } })
    t.equal(refused.statusCode, 401)
    t.same(refused.json(), { refused: true })
    t.equal((await app.inject('/local')).body, 'local')
  })
})
