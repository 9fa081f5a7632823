import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const id = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }
// additionalProperties false merged with a member, a parent or a branch that opens it: Fastify writes
// no undeclared property (false wins the merge); a declared property merged in is written as it is.
const schemas: unknown[] = [
  { allOf: [id, { type: 'object', additionalProperties: true }] },
  { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: true, allOf: [{ type: 'object', additionalProperties: false }] },
  { ...id, if: { properties: { a: { const: 1 } } }, then: { additionalProperties: true } },
  { allOf: [{ allOf: [id] }, { type: 'object', additionalProperties: true }] },
  { allOf: [id, { type: 'object', properties: { b: { type: 'string' } } }] }
]

async function bodies (factory: Factory): Promise<string[]> {
  const app = factory()
  schemas.forEach((schema, i) => {
    app.get(`/${i}`, { schema: { response: { 200: schema } } }, async () => ({ a: 1, b: 2, secret: 'token' }))
  })
  const seen: string[] = []
  for (let i = 0; i < schemas.length; i++) seen.push((await app.inject(`/${i}`)).body)
  await app.close()
  return seen
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: a merged additionalProperties false writes no undeclared property`, async (t) => {
    t.same(await bodies(factory), ['{"a":1}', '{"a":1}', '{"a":1}', '{"a":1}', '{"a":1,"b":2}'])
  })
}
