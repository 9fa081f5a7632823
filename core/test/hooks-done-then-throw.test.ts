// A callback-style hook that calls `done()` synchronously and then throws. Fastify 4.29 runs the
// rest of the chain (and a synchronous handler) inside `done()`, so the request is answered before
// the throw, which is then dropped; Enclave's runner returns to its loop first, sees the throw and
// answers 500 without running the rest. Found while measuring the hook runner (bench/notes.md, "S5
// (session 3, second pass)"): marked todo until the runner continues a synchronous `done` at once.
import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'

async function observe (app: any): Promise<string> {
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
  app.get('/', function () {
    seen.push('handler')
    return { ok: true }
  })
  const response = await app.inject('/')
  await app.close()
  return `${response.statusCode} ${response.body} | ${seen.join(', ')}`
}

t.test('a hook that throws after a synchronous done() does not stop the chain that done() already continued', { todo: 'Enclave answers 500 and skips the rest of the chain' }, async (t) => {
  const fastify = await observe(Fastify({ logger: false }))
  t.equal(fastify, '200 {"ok":true} | second hook, handler, first hook returns', 'fastify@4.29 runs the rest inside done()')
  t.equal(await observe(enclave({ logger: false })), fastify, 'Enclave observes what fastify@4.29 does')
})
