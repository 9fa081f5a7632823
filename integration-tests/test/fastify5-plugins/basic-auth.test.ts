// @fastify/basic-auth 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: a validate
// function guards routes through an onRequest hook, answers 401 with a Basic challenge for missing or
// wrong credentials, and lets good ones through.
import t from 'tap'
import basicAuth from '@fastify5/basic-auth'
import { onFastify5 } from '../helpers/fastify5.js'

const header = (user: string, password: string): string => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64')

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(basicAuth, {
    authenticate: { realm: 'admin' },
    async validate (username: string, password: string) {
      if (username !== 'ada' || password !== 'lovelace') throw new Error('Winter is coming')
    }
  })
  app.get('/open', async () => 'open')
  app.register(async (guarded: any) => {
    guarded.addHook('onRequest', app.basicAuth)
    guarded.get('/secret', async (request: any) => ({ user: request.headers.authorization.length > 0 }))
  })
  return app
}, async (t, app) => {
  t.test('good credentials reach the handler', async (t) => {
    const res = await app.inject({ url: '/secret', headers: { authorization: header('ada', 'lovelace') } })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { user: true })
  })

  t.test('missing, wrong and malformed credentials answer 401 with the challenge', async (t) => {
    const missing = await app.inject('/secret')
    t.equal(missing.statusCode, 401)
    t.equal(missing.headers['www-authenticate'], 'Basic realm="admin", charset="UTF-8"')
    t.equal(missing.json().code, 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER')
    const wrong = await app.inject({ url: '/secret', headers: { authorization: header('ada', 'babbage') } })
    t.equal(wrong.statusCode, 401)
    t.equal(wrong.json().message, 'Winter is coming')
    const malformed = await app.inject({ url: '/secret', headers: { authorization: 'Basic !!!' } })
    t.equal(malformed.statusCode, 401)
  })

  t.test('routes outside the guarded scope stay open', async (t) => {
    t.equal((await app.inject('/open')).body, 'open')
  })
})
