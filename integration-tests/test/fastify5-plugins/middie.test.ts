// @fastify/middie 9 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: Express-style
// middleware run for every request or under a path, see the raw request and response, can answer
// themselves, and pass errors to Fastify's error handling.
import t from 'tap'
import middie from '@fastify5/middie'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(middie)
  app.use((req: any, res: any, next: () => void) => { res.setHeader('x-middleware', 'all'); req.seen = req.url; next() })
  app.use('/admin', (_req: any, res: any) => { res.statusCode = 403; res.end('no admin') })
  app.use('/broken', (_req: any, _res: any, next: (error: Error) => void) => { next(Object.assign(new Error('middleware failed'), { statusCode: 418 })) })
  app.get('/hello', async (request: any) => ({ seen: request.raw.seen }))
  app.get('/admin/panel', async () => 'never')
  app.get('/broken', async () => 'never')
  return app
}, async (t, app) => {
  t.test('a global middleware runs before the route and sees the raw request', async (t) => {
    const res = await app.inject('/hello?x=1')
    t.equal(res.headers['x-middleware'], 'all')
    t.same(res.json(), { seen: '/hello?x=1' })
  })

  t.test('a path middleware that ends the response answers instead of the route', async (t) => {
    const res = await app.inject('/admin/panel')
    t.equal(res.statusCode, 403)
    t.equal(res.body, 'no admin')
  })

  t.test('an error passed to next() goes to the error handler', async (t) => {
    const res = await app.inject('/broken')
    t.equal(res.statusCode, 418)
    t.equal(res.json().message, 'middleware failed')
  })

  t.test('middleware also run for a missing route', async (t) => {
    const res = await app.inject('/missing')
    t.equal(res.statusCode, 404)
    t.equal(res.headers['x-middleware'], 'all')
  })
})
