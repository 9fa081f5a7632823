// @fastify/reply-from 12 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify:
// reply.from() forwards to a base URL, with rewriteHeaders and onResponse to change the answer, and
// an error answer, without a stack, when the upstream cannot be reached.
import t from 'tap'
import replyFrom from '@fastify5/reply-from'
import { onFastify5 } from '../helpers/fastify5.js'
import { startUpstream } from '../helpers/upstream.js'

const base = await startUpstream(t, (req, res) => {
  res.setHeader('content-type', 'text/plain')
  res.setHeader('x-secret', 'internal')
  res.end(`upstream saw ${String(req.method)} ${String(req.url)}`)
})

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(replyFrom, { base })
  app.get('/plain', (_request: any, reply: any) => { reply.from('/target?a=1') })
  app.get('/rewritten', (_request: any, reply: any) => {
    reply.from('/other', {
      rewriteHeaders: (headers: Record<string, string>) => { const { 'x-secret': _secret, ...rest } = headers; return { ...rest, 'x-proxied': 'true' } },
      onResponse: (_request: any, reply: any, res: any) => { reply.code(202).send(res.stream) }
    })
  })
  app.get('/down', (_request: any, reply: any) => { reply.from('http://127.0.0.1:1/nothing') })
  return app
}, async (t, app) => {
  t.test('reply.from() answers with the upstream response', async (t) => {
    const res = await app.inject('/plain')
    t.equal(res.statusCode, 200)
    t.equal(res.headers['x-secret'], 'internal')
    t.equal(res.body, 'upstream saw GET /target?a=1')
  })

  t.test('rewriteHeaders and onResponse change the answer', async (t) => {
    const res = await app.inject('/rewritten')
    t.equal(res.statusCode, 202)
    t.equal(res.headers['x-proxied'], 'true')
    t.notOk('x-secret' in res.headers)
    t.equal(res.body, 'upstream saw GET /other')
  })

  t.test('an unreachable upstream answers 500 without a stack', async (t) => {
    const res = await app.inject('/down')
    t.equal(res.statusCode, 500)
    t.equal(res.json().statusCode, 500)
    t.notMatch(res.body, /\n\s+at /)
  })
})
