import t from 'tap'
import { faces } from './fixtures/faces.js'

t.test('with jsonShorthand: false the serializer compiler gets each response schema as written, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const seen: unknown[] = []
    const app = factory({ jsonShorthand: false })
    app.setSerializerCompiler(({ schema }: { schema: unknown }) => {
      seen.push(schema)
      return (data: unknown) => `compiled:${JSON.stringify(data)}`
    })
    app.get('/', { schema: { response: { 200: { id: { type: 'string' } } } } }, async () => ({ id: 1 }))
    app.get('/typed', { schema: { response: { 200: { content: { 'application/json': { schema: { name: { type: 'string' } } } } } } } }, async () => ({ name: 2 }))
    const plain = await app.inject('/')
    const typed = await app.inject('/typed')
    results.push([plain.body, typed.body, seen])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [
    'compiled:{"id":1}',
    'compiled:{"name":2}',
    [{ id: { type: 'string' } }, { id: { type: 'string' } }, { name: { type: 'string' } }, { name: { type: 'string' } }]
  ], 'as written, once for the route and once for its HEAD twin')
})

t.test('the shorthand is still expanded for response schemas by default, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    app.get('/', { schema: { response: { 200: { id: { type: 'string' } } } } }, async () => ({ id: 1, dropped: true }))
    results.push((await app.inject('/')).body)
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], '{"id":"1"}')
})

t.test('reply.compileSerializationSchema and serializeInput take a schema as written, never as the shorthand, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    const seen: unknown[] = []
    app.get('/', async (_request: unknown, reply: any) => [
      reply.serializeInput({ b: 1, z: 2 }, { b: { type: 'string' } }),
      reply.compileSerializationSchema({ c: { type: 'string' } })({ c: 1, z: 2 })
    ])
    app.register(async function custom (scope: any) {
      scope.setSerializerCompiler(({ schema }: { schema: unknown }) => {
        seen.push(schema)
        return JSON.stringify
      })
      scope.get('/custom', async (_request: unknown, reply: any) => reply.serializeInput({ d: 1 }, { d: { type: 'string' } }))
    })
    const response = await app.inject('/')
    const custom = await app.inject('/custom')
    results.push([response.statusCode, response.json(), custom.body, seen])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [200, ['{"b":1,"z":2}', '{"c":1,"z":2}'], '{"d":1}', [{ d: { type: 'string' } }]])
})
