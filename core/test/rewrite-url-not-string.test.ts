import t from 'tap'
import Fastify from 'fastify4'
import enclave, { errorCodes } from '@enclave/core'

/** Serves one route with a rewriteUrl that returns a number, and reports what a client and the request see. */
async function serveWithBadRewrite (factory: (options?: any) => any) {
  let destroyedWith: any
  const app = factory({ rewriteUrl: () => 42 })
  app.addHook('onRequest', (request: any, _reply: any, done: () => void) => {
    request.raw.once('error', (error: unknown) => { destroyedWith = error })
    done()
  })
  app.get('/', async () => 'root')
  const injected = await app.inject('/')
  await app.listen({ port: 0, host: '127.0.0.1' })
  let socketOutcome: string
  try {
    const response = await fetch(`http://127.0.0.1:${app.server.address().port}/`)
    socketOutcome = `answered ${response.status}`
  } catch {
    socketOutcome = 'connection closed'
  }
  await app.close()
  return { injected: { status: injected.statusCode, body: injected.body }, socketOutcome, destroyedWith }
}

t.test('a rewriteUrl that returns a non-string destroys the request with FST_ERR_ROUTE_REWRITE_NOT_STR, as Fastify', async (t) => {
  const fastify = await serveWithBadRewrite(Fastify)
  const ours = await serveWithBadRewrite(enclave)
  t.same(ours.injected, fastify.injected, 'inject answers as Fastify does')
  t.equal(ours.socketOutcome, 'connection closed')
  t.equal(ours.socketOutcome, fastify.socketOutcome)
  t.ok(ours.destroyedWith instanceof errorCodes.FST_ERR_ROUTE_REWRITE_NOT_STR)
  t.equal(ours.destroyedWith?.code, fastify.destroyedWith?.code)
  t.equal(ours.destroyedWith?.message, fastify.destroyedWith?.message)
})
