// Decorators added as ready() settles. Fastify 5 refuses them only from the next tick (its boot's
// start event), so ready()'s callback and the code right after `await ready()` may still add them —
// @fastify/aws-lambda decorates the request when it wraps an app that is already ready. Fastify 4.29
// refuses them as soon as ready() settles; the v4 face and enclave() keep that.
import t from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

function attempt (add: () => void): string {
  try {
    add()
    return 'accepted'
  } catch (error) {
    return (error as { code: string }).code
  }
}

for (const [name, fastify] of fastify5Faces) {
  t.test(`${name}: decorators are taken until the tick after ready() settles`, async (t) => {
    const withCallback = fastify()
    t.teardown(() => withCallback.close())
    const inCallback = await new Promise<string>((resolve) => {
      withCallback.ready(() => { resolve(attempt(() => withCallback.decorate('fromCallback', 1))) })
    })
    t.equal(inCallback, 'accepted')

    const app = fastify()
    t.teardown(() => app.close())
    await app.ready()
    t.equal(attempt(() => app.decorateRequest('right', { getter: () => 1 })), 'accepted')
    t.equal(attempt(() => app.decorateReply('rightReply', 1)), 'accepted')
    await new Promise((resolve) => setImmediate(resolve))
    t.equal(attempt(() => app.decorateRequest('later', 1)), 'FST_ERR_DEC_AFTER_START')
    t.equal(attempt(() => app.decorate('laterInstance', 1)), 'FST_ERR_DEC_AFTER_START')
  })

  t.test(`${name}: a listening app refuses decorators`, async (t) => {
    const app = fastify()
    t.teardown(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.equal(attempt(() => app.decorateRequest('late', 1)), 'FST_ERR_DEC_AFTER_START')
  })
}

for (const [name, fastify] of faces) {
  t.test(`${name}: decorators are refused as soon as ready() settles`, async (t) => {
    const app = fastify()
    t.teardown(() => app.close())
    await app.ready()
    t.equal(attempt(() => app.decorateRequest('right', { getter: () => 1 })), 'FST_ERR_DEC_AFTER_START')
    t.equal(attempt(() => app.decorate('rightInstance', 1)), 'FST_ERR_DEC_AFTER_START')
  })
}
