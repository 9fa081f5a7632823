import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** How addSchema(null) fails, and how ready() fails with a broken shared schema a route's validator needs. */
async function failures (factory: Factory): Promise<{ nullSchema: string, broken: string }> {
  let nullSchema = 'accepted'
  try {
    factory().addSchema(null)
  } catch (error: any) {
    nullSchema = String(error.code ?? error.constructor.name)
  }
  const app = factory()
  app.addSchema({ $id: 'bad', type: 'not-a-type' })
  app.post('/', { schema: { body: { type: 'object' } } }, async () => 'ok')
  let broken = 'started'
  try {
    await app.ready()
  } catch (error: any) {
    broken = `${String(error.code)} | ${String(error.message).slice(0, 40)}`
  }
  return { nullSchema, broken }
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const fastify = name.startsWith('fastify@')
  test(`${name}: addSchema(null) and a broken shared schema ${fastify ? 'fail without a code' : 'fail with a code'}`, async (t) => {
    t.same(await failures(factory), fastify
      ? { nullSchema: 'TypeError', broken: 'undefined | schema is invalid: data/type must be equ' }
      : { nullSchema: 'FST_ERR_SCH_MISSING_ID', broken: 'FST_ERR_SCH_VALIDATION_BUILD | Failed building the validation schema fo' })
  })
}
