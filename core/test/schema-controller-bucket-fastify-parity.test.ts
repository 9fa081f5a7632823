import t from 'tap'
import { faces } from './fixtures/faces.js'

const address = { $id: 'http://example.com/address', type: 'object', properties: { city: { type: 'string' } } }

t.test('a schemaController bucket with only getSchemas() is accepted and its schemas resolve $refs, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory({
      schemaController: {
        bucket: function readOnlyBucket () {
          return { getSchemas () { return { [address.$id]: address } } }
        }
      }
    })
    app.post('/', {
      schema: {
        body: { $ref: 'http://example.com/address#' },
        response: { 200: { $ref: 'http://example.com/address#' } }
      }
    }, async (request: any) => ({ ...request.body, extra: true }))
    const good = await app.inject({ method: 'POST', url: '/', payload: { city: 'Oslo' } })
    const bad = await app.inject({ method: 'POST', url: '/', payload: { city: 1 } })
    results.push([good.statusCode, good.body, bad.statusCode])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [200, '{"city":"Oslo"}', 200])
})

t.test('a bucket that is not an object with getSchemas() fails at start-up', async (t) => {
  const [, ...enclaves] = faces
  for (const [name, factory] of enclaves) {
    t.throws(() => factory({ schemaController: { bucket: () => ({}) } }), { code: 'FST_ERR_INIT_OPTS_INVALID' }, name)
  }
})
