import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** A thrown plain object whose 4xx response schema requires a property it lacks. */
async function answer (factory: Factory): Promise<{ status: number, code: unknown, message: string }> {
  const app = factory()
  app.get('/', { schema: { response: { '4xx': { type: 'object', properties: { msg: { type: 'string' } }, required: ['msg'] } } } }, async () => {
    // eslint-disable-next-line no-throw-literal -- the case under test
    throw { message: 'obj', statusCode: 418 }
  })
  const res = await app.inject('/')
  await app.close()
  const body = res.json()
  return { status: res.statusCode, code: body.code, message: String(body.message) }
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const fastify = name.startsWith('fastify@')
  test(`${name}: a thrown object its error schema cannot serialize answers ${fastify ? "Fastify's internal failure" : 'FST_ERR_FAILED_ERROR_SERIALIZATION'}`, async (t) => {
    const seen = await answer(factory)
    t.equal(seen.status, 500)
    if (fastify) t.same(seen, { status: 500, code: undefined, message: 'cb is not a function' })
    else t.same([seen.code, seen.message.startsWith('Failed to serialize an error. Error: "msg" is required!')], ['FST_ERR_FAILED_ERROR_SERIALIZATION', true])
  })
}
