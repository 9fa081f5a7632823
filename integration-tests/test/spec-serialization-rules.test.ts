// The spec's "Serialization rules" 1–4 and its response-schema keys, against a server on 127.0.0.1.
import t from 'tap'
import enclave from '@enclave/core'
import type { SerializerCompilerInput } from '@enclave/core'
import { start } from './helpers/listen.js'

const user = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } }
}

/** A record as a handler may hold it: an id read from text, and fields nobody should see. */
function storedUser (): Record<string, unknown> {
  return { id: '7', name: 'Ada', passwordHash: 'x1y2', internal: { note: 'private' } }
}

t.test('serialization rule 1: the default serializer is used only for routes that declare a response schema', async (t) => {
  const app = enclave()
  app.get('/with-schema', { schema: { response: { 200: user } } }, async () => storedUser())
  app.get('/without-schema', async () => storedUser())
  app.get('/other-status', { schema: { response: { 201: user } } }, async () => storedUser())
  const client = await start(t, app)

  const shaped = await client.request('/with-schema')
  t.equal(shaped.status, 200)
  t.equal(shaped.text, '{"id":7,"name":"Ada"}', 'serialized by the schema: the id is written as an integer')
  t.match(shaped.headers.get('content-type'), /^application\/json; charset=utf-8$/)

  const plain = await client.request('/without-schema')
  t.equal(plain.text, JSON.stringify(storedUser()), 'without a response schema the object goes out as plain JSON, unchanged')
  t.match(plain.headers.get('content-type'), /^application\/json; charset=utf-8$/)

  const unmatched = await client.request('/other-status')
  t.equal(unmatched.text, JSON.stringify(storedUser()), 'a schema for another status code does not apply')
})

t.test('serialization rule 2: a response schema restricts the output to the declared properties', async (t) => {
  const app = enclave()
  app.get('/accounts', {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            owner: user,
            members: { type: 'array', items: user }
          }
        }
      }
    }
  }, async () => ({ owner: storedUser(), members: [storedUser(), storedUser()], apiKey: 'sk_live_123' }))
  const client = await start(t, app)

  const response = await client.request('/accounts')
  t.equal(response.status, 200)
  t.strictSame(response.json, {
    owner: { id: 7, name: 'Ada' },
    members: [{ id: 7, name: 'Ada' }, { id: 7, name: 'Ada' }]
  })
  t.notMatch(response.text, /passwordHash|x1y2|internal|private|apiKey|sk_live/, 'undeclared properties, at any depth, never reach the wire')
})

t.test('serialization rule 3: a response schema may be set per media type under content', async (t) => {
  const app = enclave()
  app.get('/people/:id', {
    schema: {
      response: {
        200: {
          description: 'one person, in two representations',
          content: {
            'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
            'application/vnd.people.v2+json': { schema: { type: 'object', properties: { fullName: { type: 'string' }, id: { type: 'integer' } } } }
          }
        }
      }
    }
  }, async (request, reply) => {
    if ((request.query as unknown as { v?: string }).v === '2') reply.type('application/vnd.people.v2+json')
    else reply.type('application/json')
    return { id: '3', name: 'Ada', fullName: 'Ada Lovelace', secret: 'no' }
  })
  const client = await start(t, app)

  const v1 = await client.request('/people/3')
  t.equal(v1.status, 200)
  t.equal(v1.text, '{"name":"Ada"}', 'the JSON schema applies to application/json')
  t.match(v1.headers.get('content-type'), /^application\/json/)
  const v2 = await client.request('/people/3?v=2')
  t.equal(v2.status, 200)
  t.equal(v2.text, '{"fullName":"Ada Lovelace","id":3}', 'the vendor schema applies to the vendor media type')
  t.match(v2.headers.get('content-type'), /^application\/vnd\.people\.v2\+json/)
})

t.test('serialization rule 4: a serializer compiler returns a function that takes the data and returns a string', async (t) => {
  const app = enclave()
  const inputs: Array<Omit<SerializerCompilerInput, 'schema'> & { schema: unknown }> = []
  app.setSerializerCompiler(function compileCsvLine (input) {
    inputs.push({ schema: input.schema, method: input.method, url: input.url, httpStatus: input.httpStatus, contentType: input.contentType })
    const keys = Object.keys(input.schema.properties as object)
    return function serializeCsvLine (data: Record<string, unknown>) {
      return keys.map((key) => String(data[key])).join(';')
    }
  })
  app.get('/csv', { schema: { response: { 200: user } } }, async () => storedUser())
  app.get('/json', { schema: { response: { '2xx': user } } }, async () => storedUser())
  app.get('/none', async () => storedUser())
  app.get('/per-reply', async (request, reply) => {
    reply.serializer((data: { name: string }) => `name=${data.name}`)
    return storedUser()
  })
  const client = await start(t, app)

  // The automatic HEAD routes compile their own copy; the GET routes are the ones declared here.
  const declared = inputs.filter((input) => input.method === 'GET').sort((a, b) => a.url.localeCompare(b.url))
  t.strictSame(declared, [
    { schema: user, method: 'GET', url: '/csv', httpStatus: '200', contentType: undefined },
    { schema: user, method: 'GET', url: '/json', httpStatus: '2xx', contentType: undefined }
  ], 'called once per response schema at startup, with { schema, method, url, httpStatus, contentType }; never for a route without one')
  const csv = await client.request('/csv')
  t.equal(csv.status, 200)
  t.equal(csv.text, '7;Ada', 'the string returned goes on the wire as it is')
  t.equal((await client.request('/json')).text, '7;Ada')
  t.equal((await client.request('/none')).text, JSON.stringify(storedUser()))
  t.equal((await client.request('/per-reply')).text, 'name=Ada', 'reply.serializer sets the serializer of one reply')
})

t.test('response schema keys: an exact status code, an Nxx pattern and default each select their schema', async (t) => {
  const app = enclave()
  const only = (name: string) => ({ type: 'object', properties: { [name]: { type: 'string' } } })
  app.get('/status/:code', {
    schema: { response: { 200: only('exact'), '2xx': only('pattern'), default: only('fallback') } }
  }, async (request, reply) => {
    reply.code(Number((request.params as unknown as { code: string }).code))
    return { exact: 'e', pattern: 'p', fallback: 'f', other: 'o' }
  })
  const client = await start(t, app)

  t.equal((await client.request('/status/200')).text, '{"exact":"e"}', '200 takes the exact key')
  t.equal((await client.request('/status/201')).text, '{"pattern":"p"}', '201 takes 2xx')
  t.equal((await client.request('/status/202')).text, '{"pattern":"p"}', '202 takes 2xx')
  t.equal((await client.request('/status/409')).text, '{"fallback":"f"}', '409 takes default')
})
