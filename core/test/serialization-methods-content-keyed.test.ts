import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const response = { 201: { content: { 'application/json': { schema: { type: 'object', properties: { j: { type: 'integer' } } } } } } }

/** What the reply's serialization methods give for a content-keyed status, with and without a type. */
async function methods (factory: Factory): Promise<Record<string, string>> {
  const app = factory()
  let seen: Record<string, string> = {}
  app.get('/', { schema: { response } }, (_request: any, reply: any) => {
    const attempt = (fn: () => unknown): string => {
      try {
        const value = fn()
        return typeof value === 'function' ? 'function' : typeof value === 'object' && value !== null ? 'object' : String(value)
      } catch (error: any) {
        return `throws ${String(error.code ?? error.constructor.name)}`
      }
    }
    seen = {
      getWithout: attempt(() => reply.getSerializationFunction(201)),
      getWith: attempt(() => reply.getSerializationFunction(201, 'application/json')),
      serializeWithout: attempt(() => reply.serializeInput({ j: 1 }, 201)),
      serializeWith: attempt(() => reply.serializeInput({ j: '1', k: 2 }, 201, 'application/json'))
    }
    reply.code(299).send('done')
  })
  await app.inject('/')
  await app.close()
  return seen
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const fastify = name.startsWith('fastify@')
  test(`${name}: the serialization methods for a content-keyed status without a content type ${fastify ? 'misbehave' : 'find no function'}`, async (t) => {
    t.same(await methods(factory), {
      getWithout: fastify ? 'object' : 'undefined',
      getWith: 'function',
      serializeWithout: fastify ? 'throws TypeError' : 'throws FST_ERR_MISSING_SERIALIZATION_FN',
      serializeWith: '{"j":1}'
    })
  })
}
