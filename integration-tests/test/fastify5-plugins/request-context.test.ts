// @fastify/request-context 7 (the latest Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: each
// request has its own store, seeded from defaultStoreValues, set in a hook and read in the handler,
// through the request decorator and the library's own export, across awaits.
import t from 'tap'
import { fastifyRequestContext, requestContext } from '@fastify5/request-context'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(fastifyRequestContext, { defaultStoreValues: (request: any) => ({ path: request.url }) })
  app.addHook('preHandler', async (request: any) => { request.requestContext.set('user', request.headers['x-user'] ?? 'anonymous') })
  app.get('/who', async (request: any) => {
    await new Promise((resolve) => setImmediate(resolve))
    return { user: requestContext.get('user' as never), path: request.requestContext.get('path'), same: app.requestContext.get('user') }
  })
  return app
}, async (t, app) => {
  t.test('the store holds what the hook set and the default values', async (t) => {
    const res = await app.inject({ url: '/who', headers: { 'x-user': 'ada' } })
    t.same(res.json(), { user: 'ada', path: '/who', same: 'ada' })
  })

  t.test('concurrent requests do not see each other\'s store', async (t) => {
    const answers = await Promise.all(['a', 'b', 'c'].map(async (user) => (await app.inject({ url: '/who', headers: { 'x-user': user } })).json().user))
    t.same(answers, ['a', 'b', 'c'])
    t.equal((await app.inject('/who')).json().user, 'anonymous')
  })
})
