// What a custom serializer that fails gives the client, on every entry as on fastify@4.29.1 and
// fastify@5.12.8: one that throws something other than an Error, and one whose output for an
// error's payload is not a string.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...faces, ...fastify5Faces]

async function answers (factory: Factory, statusKey: string, serializer: () => unknown): Promise<string[]> {
  const app = factory({ logger: false })
  app.setSerializerCompiler(() => serializer)
  const response = { [statusKey]: { type: 'object', properties: { a: { type: 'number' } } } }
  app.get('/ok', { schema: { response } }, () => ({ a: 1 }))
  app.get('/bad-request', { schema: { response } }, () => { throw Object.assign(new Error('bad'), { statusCode: 400 }) })
  const seen: string[] = []
  for (const url of ['/ok', '/bad-request']) {
    const reply = await app.inject(url)
    seen.push(`${String(reply.statusCode)} ${String(reply.body)}`)
  }
  await app.close()
  return seen
}

t.test('a serializer that throws a string: the TypeError of marking it is the error, as in Fastify', async (t) => {
  const throwsString = (): never => { throw 'not an error' } // eslint-disable-line no-throw-literal -- the case under test
  for (const [name, factory] of everyEntry) {
    t.same(await answers(factory, '200', throwsString), [
      '500 {"statusCode":500,"error":"Internal Server Error","message":"Cannot create property \'serialization\' on string \'not an error\'"}',
      '400 {"statusCode":400,"error":"Bad Request","message":"bad"}'
    ], name)
    t.same(await answers(factory, 'default', throwsString), [
      '500 {"statusCode":500,"code":"FST_ERR_FAILED_ERROR_SERIALIZATION","message":"Failed to serialize an error. Error: undefined. Original error: Cannot create property \'serialization\' on string \'not an error\'"}',
      '500 {"statusCode":500,"code":"FST_ERR_FAILED_ERROR_SERIALIZATION","message":"Failed to serialize an error. Error: undefined. Original error: bad"}'
    ], `${name}, serializing the error's payload too`)
  }
})

t.test('a serializer whose output for an error payload is no string: the status stays, the body names the failure, as in Fastify', async (t) => {
  for (const [name, factory] of everyEntry) {
    const [, badRequest] = await answers(factory, 'default', () => ({ not: 'a string' }))
    t.equal(badRequest, '400 {"statusCode":500,"code":"FST_ERR_REP_INVALID_PAYLOAD_TYPE","message":"Attempted to send payload of invalid type \'object\'. Expected a string or Buffer."}', name)
  }
})

t.test('a serializer that throws null while serializing an error payload: a 500, where Fastify 4.29 crashes', async (t) => {
  for (const [name, factory] of everyEntry.filter(([name]) => !name.startsWith('fastify@'))) {
    const [, badRequest] = await answers(factory, 'default', () => { throw null }) // eslint-disable-line no-throw-literal -- the case under test
    t.equal(badRequest, '500 {"statusCode":500,"code":"FST_ERR_FAILED_ERROR_SERIALIZATION","message":"Failed to serialize an error. Error: undefined. Original error: bad"}', name)
  }
})
