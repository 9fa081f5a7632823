// @fastify/auth 5 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: `or` / `and`
// compositions of callback and async strategies, nested groups, `this` bound to the instance, and
// a strategy's own error status.
import t from 'tap'
import auth from '@fastify5/auth'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(auth)
  app.decorate('verifyKey', function (this: any, request: any, _reply: any, done: (error?: Error) => void) {
    if (this !== app) { done(new Error('this is not the instance')); return }
    done(request.headers['x-key'] === 'k' ? undefined : new Error('bad key'))
  })
  app.decorate('verifyUser', async function (request: any) {
    if (request.headers['x-user'] !== 'ada') throw Object.assign(new Error('who are you'), { statusCode: 403 })
  })
  app.decorate('verifyAdmin', async function (request: any) {
    if (request.headers['x-admin'] !== '1') throw new Error('not admin')
  })
  app.get('/or', { preHandler: app.auth([app.verifyKey, app.verifyUser]) }, async () => 'or')
  app.get('/and', { preHandler: app.auth([app.verifyKey, app.verifyUser], { relation: 'and' }) }, async () => 'and')
  app.get('/nested', { onRequest: app.auth([app.verifyKey, [app.verifyUser, app.verifyAdmin]]) }, async () => 'nested')
  app.get('/all-errors', { preHandler: app.auth([app.verifyAdmin, app.verifyUser], { run: 'all' }) }, async () => 'all')
  return app
}, async (t, app) => {
  t.test('or: one passing strategy is enough', async (t) => {
    t.equal((await app.inject({ url: '/or', headers: { 'x-key': 'k' } })).body, 'or')
    t.equal((await app.inject({ url: '/or', headers: { 'x-user': 'ada' } })).body, 'or')
    const none = await app.inject('/or')
    t.equal(none.statusCode, 403, 'the last strategy\'s error is answered')
    t.same(none.json(), { statusCode: 403, error: 'Forbidden', message: 'who are you' })
  })

  t.test('and: every strategy must pass, the first failure is answered', async (t) => {
    t.equal((await app.inject({ url: '/and', headers: { 'x-key': 'k', 'x-user': 'ada' } })).body, 'and')
    const noKey = await app.inject({ url: '/and', headers: { 'x-user': 'ada' } })
    t.equal(noKey.statusCode, 401)
    t.equal(noKey.json().message, 'bad key')
  })

  t.test('a nested group is an and inside the or', async (t) => {
    t.equal((await app.inject({ url: '/nested', headers: { 'x-user': 'ada', 'x-admin': '1' } })).body, 'nested')
    t.equal((await app.inject({ url: '/nested', headers: { 'x-user': 'ada' } })).statusCode, 401)
    t.equal((await app.inject({ url: '/nested', headers: { 'x-key': 'k' } })).body, 'nested')
  })

  t.test('run: all still answers one error when every strategy fails', async (t) => {
    const res = await app.inject('/all-errors')
    t.equal(res.statusCode, 403)
    t.equal((await app.inject({ url: '/all-errors', headers: { 'x-user': 'ada' } })).body, 'all')
  })
})
