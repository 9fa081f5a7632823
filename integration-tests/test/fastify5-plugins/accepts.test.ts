// @fastify/accepts 5 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: content
// negotiation through `request.accepts()` and, with `decorateReply`, the reply helpers.
import t from 'tap'
import accepts from '@fastify5/accepts'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(accepts, { decorateReply: true })
  app.get('/', async (request: any) => {
    const accept = request.accepts()
    return {
      type: accept.type(['json', 'html']) || null,
      language: request.language(['en', 'fr']) || null,
      encodings: request.encodings(),
      charset: request.charset(['utf-8', 'latin1']) || null
    }
  })
  app.get('/reply', async (_request: any, reply: any) => ({ type: reply.requestTypes(['text', 'json']) || null }))
  return app
}, async (t, app) => {
  t.test('request.accepts() and its shortcuts negotiate from the request headers', async (t) => {
    const res = await app.inject({
      url: '/',
      headers: { accept: 'text/html, application/json;q=0.5', 'accept-language': 'fr, en;q=0.8', 'accept-encoding': 'gzip', 'accept-charset': 'latin1' }
    })
    t.same(res.json(), { type: 'html', language: 'fr', encodings: ['gzip', 'identity'], charset: 'latin1' })
    const none = await app.inject({ url: '/', headers: { accept: 'image/png' } })
    t.equal(none.json().type, null)
  })

  t.test('the reply helpers read the request\'s Accept header', async (t) => {
    t.same((await app.inject({ url: '/reply', headers: { accept: 'application/json' } })).json(), { type: 'json' })
  })
})
