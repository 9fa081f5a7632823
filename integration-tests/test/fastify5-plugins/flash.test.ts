// @fastify/flash 6 (the Fastify 5 major) over @fastify/secure-session 8 on fastify@5.12.8 and on
// @enclave/fastify: a message set with request.flash() survives one redirect in the session cookie
// and is read, then cleared, by reply.flash().
import t from 'tap'
import secureSession from '@fastify5/secure-session'
import flash from '@fastify5/flash'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(secureSession, { key: Buffer.alloc(32, 3), cookie: { path: '/' } })
  await app.register(flash)
  app.post('/save', async (request: any, reply: any) => {
    request.flash('info', 'Saved %s', request.body.name)
    request.flash('warning', ['check the date', 'check the time'])
    return reply.redirect('/show', 303)
  })
  app.get('/show', async (_request: any, reply: any) => ({ info: reply.flash('info'), warning: reply.flash('warning'), all: reply.flash() }))
  return app
}, async (t, app) => {
  t.test('messages are read once after the redirect', async (t) => {
    const saved = await app.inject({ method: 'POST', url: '/save', payload: { name: 'ada' } })
    t.equal(saved.statusCode, 303)
    t.equal(saved.headers.location, '/show')
    const session = saved.cookies.find((c: { name: string }) => c.name === 'session').value
    const shown = await app.inject({ url: '/show', cookies: { session } })
    t.same(shown.json(), { info: ['Saved ada'], warning: ['check the date', 'check the time'], all: {} })
  })
})
