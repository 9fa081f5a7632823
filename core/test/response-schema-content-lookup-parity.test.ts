import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

const [, v4Face] = enclaveFaces.find(([name]) => name === '@enclave/fastify4')!

// A content-keyed response schema: Fastify keys it as declared (a key with parameters or capitals
// never matches); 5.12 looks the lower-cased media type up, then `*/*`; 4.29 the header up to its
// first `;`, untrimmed, and has no wildcard.
const keySets: Array<Record<string, string>> = [{ '*/*': 'any' }, { 'application/json': 'json', '*/*': 'any' }, { 'Application/JSON': 'upper' }, { 'application/json; charset=utf-8': 'param' }, { 'application/json': 'json' }]
const replyTypes = [null, 'application/json ; charset=utf-8', 'application/vnd.x+json', 'APPLICATION/JSON']

async function filtered (factory: Factory): Promise<string[]> {
  const app = factory()
  keySets.forEach((keys, i) => {
    const content: Record<string, unknown> = {}
    for (const [key, name] of Object.entries(keys)) content[key] = { schema: { type: 'object', properties: { [name]: { type: 'integer' } } } }
    app.get(`/${i}/:type`, { schema: { response: { 200: { content } } } }, async (request: any, reply: any) => {
      const type = replyTypes[Number(request.params.type)]
      if (type !== null) reply.type(type)
      return { any: 1, json: 2, upper: 3, param: 4, extra: 5 }
    })
  })
  const seen: string[] = []
  for (let i = 0; i < keySets.length; i++) {
    for (let t = 0; t < replyTypes.length; t++) {
      const res = await app.inject(`/${i}/${t}`)
      seen.push(`${Object.keys(keySets[i]!).join(',')} / ${String(replyTypes[t])}: ${res.statusCode} ${res.body}`)
    }
  }
  await app.close()
  return seen
}

test('fastify@5.12.8 and the v5 face: a content-keyed response schema is looked up as Fastify 5.12', async (t) => {
  const seen = await sameOnBoth(t, filtered)
  t.ok(seen.includes('application/json; charset=utf-8 / null: 200 {"any":1,"json":2,"upper":3,"param":4,"extra":5}'))
  t.ok(seen.includes('*/* / application/vnd.x+json: 200 {"any":1}'))
})

test('fastify@4.29.1 and the v4 face: the content-keyed lookup reads the Content-Type as Fastify 4.29', async (t) => {
  const fastify4 = Fastify4 as unknown as Factory
  const expected = await filtered(fastify4)
  t.same(await filtered(v4Face), expected)
  t.ok(expected.includes('*/* / null: 200 {"any":1,"json":2,"upper":3,"param":4,"extra":5}'))
})

/** A thrown error's answer where the 5xx schema lists only a vendor JSON type (status and body). */
async function errorAnswer (factory: Factory): Promise<string> {
  const app = factory()
  app.get('/', { schema: { response: { '5xx': { content: { 'application/vnd.x+json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } } } } }, async () => {
    throw new Error('boom')
  })
  const res = await app.inject('/')
  await app.close()
  return `${res.statusCode} ${res.body}`
}

// Fastify's default error handler looks the schema up by the reply's type, JSON by default: a schema
// for another type does not reshape the error.
const unshaped = '500 {"statusCode":500,"error":"Internal Server Error","message":"boom"}'

test('fastify@5.12.8 and the v5 face: an error is not reshaped by a schema for another media type', async (t) => {
  t.equal(await sameOnBoth(t, errorAnswer), unshaped)
})

test('fastify@4.29.1 and the v4 face: an error is not reshaped by a schema for another media type', async (t) => {
  t.equal(await errorAnswer(Fastify4 as unknown as Factory), unshaped)
  t.equal(await errorAnswer(v4Face), unshaped)
})
