import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const schema = { type: 'object', properties: { a: { type: 'boolean' } }, patternProperties: { '^x': { type: 'integer' } }, additionalProperties: false }

async function body (factory: Factory): Promise<string> {
  const app = factory()
  app.get('/', { schema: { response: { 200: schema } } }, async () => ({ a: true, x1: '7', secret: 'token' }))
  const res = await app.inject('/')
  await app.close()
  return res.body
}

// Fastify 4.29's fast-json-stringify 5 writes every undeclared property beside `patternProperties`
// when `additionalProperties` is false; every Enclave entry leaves them out, as Fastify 5.12 does.
for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const fastify4 = name === 'fastify@4.29.1'
  test(`${name}: additionalProperties false beside patternProperties ${fastify4 ? 'writes' : 'leaves out'} an undeclared property`, async (t) => {
    t.equal(await body(factory), fastify4 ? '{"a":true,"x1":7,"secret":"token"}' : '{"a":true,"x1":7}')
  })
}
