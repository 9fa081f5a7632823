// A callback-style hook that calls `done()` synchronously and then throws. Fastify 4.29 runs the
// rest of the chain (and a synchronous handler) inside `done()`, so the request is answered before
// the throw, which is then dropped; with an async handler still pending, the throw answers 500.
// Enclave's `done()` runs the rest of the chain at once too (core/src/lifecycle/run-hooks.ts), so
// the steps happen in the same order.
import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import fastifyFace from '@enclave/fastify4'

async function observe (app: any, asyncHandler = false): Promise<string> {
  const seen: string[] = []
  app.addHook('onRequest', function (_request: unknown, _reply: unknown, done: () => void) {
    done()
    seen.push('first hook returns')
    throw new Error('thrown after done')
  })
  app.addHook('onRequest', function (_request: unknown, _reply: unknown, done: () => void) {
    seen.push('second hook')
    done()
  })
  app.get('/', asyncHandler
    ? async function () {
      seen.push('handler')
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { ok: true }
    }
    : function () {
      seen.push('handler')
      return { ok: true }
    })
  const response = await app.inject('/')
  await app.close()
  return `${response.statusCode} ${response.body} | ${seen.join(', ')}`
}

/** The answer and the steps taken, without their order (checked on its own below). */
function outcome (observed: string): string {
  const [answer, steps] = observed.split(' | ')
  return `${answer} | ${steps!.split(', ').sort().join(', ')}`
}

t.test('a hook that throws after a synchronous done() does not stop the chain that done() already continued', async (t) => {
  const fastify = await observe(Fastify({ logger: false }))
  t.equal(fastify, '200 {"ok":true} | second hook, handler, first hook returns', 'fastify@4.29 runs the rest inside done()')
  t.equal(outcome(await observe(enclave({ logger: false }))), outcome(fastify), 'enclave(): the same answer, every step run')
  t.equal(outcome(await observe(fastifyFace({ logger: false }))), outcome(fastify), '@enclave/fastify4: the same answer, every step run')
})

t.test('the rest of the chain runs inside done(), before the hook goes on', async (t) => {
  const fastify = await observe(Fastify({ logger: false }))
  t.equal(await observe(enclave({ logger: false })), fastify, 'enclave(): the same steps in the same order')
  t.equal(await observe(fastifyFace({ logger: false })), fastify, '@enclave/fastify4: the same steps in the same order')
  const fastifyAsync = await observe(Fastify({ logger: false }), true)
  t.equal((await observe(fastifyFace({ logger: false }), true)).split(' | ')[1], fastifyAsync.split(' | ')[1], 'with an async handler: the same order')
})

t.test('with an async handler still pending, the throw after done() answers 500, as in fastify@4.29', async (t) => {
  const fastify = await observe(Fastify({ logger: false }), true)
  t.match(fastify, /^500 .*thrown after done.* \| second hook, handler, first hook returns$/, 'fastify@4.29: 500 with the thrown error')
  t.equal(outcome(await observe(fastifyFace({ logger: false }), true)), outcome(fastify), '@enclave/fastify4: the same answer, every step run')
  t.match(await observe(enclave({ logger: false }), true), /^500 /, 'enclave(): 500')
})
