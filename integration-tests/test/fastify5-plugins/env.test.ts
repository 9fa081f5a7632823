// @fastify/env 7 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: a JSON schema checks
// and coerces the configuration into fastify.config, with defaults, and a missing required value
// stops the app from starting.
import t from 'tap'
import env from '@fastify5/env'
import { fastify5Implementations, onFastify5 } from '../helpers/fastify5.js'

const schema = {
  type: 'object',
  required: ['PORT'],
  properties: { PORT: { type: 'integer' }, MODE: { type: 'string', default: 'dev' } }
}

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(env, { schema, data: { PORT: '3000' }, confKey: 'config' })
  app.get('/config', async () => app.config)
  return app
}, async (t, app) => {
  t.test('the configuration is coerced and defaulted', async (t) => {
    t.same((await app.inject('/config')).json(), { PORT: 3000, MODE: 'dev' })
  })
})

for (const [name, fastify] of fastify5Implementations) {
  t.test(`a missing required value fails registration on ${name}`, async (t) => {
    const app = fastify()
    t.teardown(() => app.close())
    await t.rejects(async () => { await app.register(env, { schema, data: {}, dotenv: false }) }, /must have required property 'PORT'/)
  })
}
