// Errors whose `code` or `message` is not a string (MongoDB's numeric `code: 11000`, a gRPC status,
// a message set to a number): the default error payload writes them as Fastify's serializer does,
// on every entry, and one that cannot be written is Fastify's 500, never a crash or a hang.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const values: Record<string, () => unknown> = {
  number: () => 11000,
  null: () => null,
  boolean: () => true,
  bigint: () => 5n,
  symbol: () => Symbol('s'),
  array: () => [1, 2],
  date: () => new Date(0),
  'object with toString': () => ({ toString: () => 'custom' }),
  'plain object': () => ({ a: 1 }),
  undefined: () => undefined,
  'no prototype': () => Object.create(null),
  'toString throws': () => ({ toString () { throw new Error('no text') } })
}

async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/code/:kind', async (request: any) => { throw Object.assign(new Error('m'), { statusCode: 409, code: values[request.params.kind]!() }) })
  app.get('/message/:kind', async (request: any) => {
    const error = new Error('m')
    Object.defineProperty(error, 'message', { value: values[request.params.kind]!() })
    throw error
  })
  const out: string[] = []
  for (const field of ['code', 'message']) {
    for (const kind of Object.keys(values)) {
      const response = await app.inject(`/${field}/${encodeURIComponent(kind)}`)
      const body = response.json()
      // Which variable failed is the serializer's internal name: only the status and code are compared then.
      out.push(`${field} ${kind}: ${response.statusCode} ${body.code === 'FST_ERR_FAILED_ERROR_SERIALIZATION' ? body.code : response.body}`)
    }
  }
  await app.close()
  return out
}

t.test('a non-string code or message is written as fastify@4.29.1 writes it', async (t) => {
  const [[, fastify4], ...enclaveEntries] = faces
  const expected = await answers(fastify4!)
  t.ok(expected.includes('code number: 409 {"statusCode":409,"code":"11000","error":"Conflict","message":"m"}'))
  t.ok(expected.includes('message undefined: 500 {"statusCode":500,"error":"Internal Server Error"}'))
  t.ok(expected.includes('code no prototype: 500 FST_ERR_FAILED_ERROR_SERIALIZATION'))
  for (const [name, factory] of enclaveEntries) t.same(await answers(factory), expected, name)
})

t.test('a non-string code or message is written as fastify@5.12.8 writes it', async (t) => {
  const [[, fastify5], [name, face]] = fastify5Faces
  const expected = await answers(fastify5!)
  t.same(await answers(face!), expected, name)
})
