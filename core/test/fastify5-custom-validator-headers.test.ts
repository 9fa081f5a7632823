import { test } from 'tap'
import { enclaveFaces, faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** What a custom validator compiler receives for a route's headers schema: the object itself, and its JSON. */
async function headersGiven (factory: Factory): Promise<[boolean, unknown]> {
  const headers = { type: 'object', properties: { 'X-Foo': { type: 'string' } }, required: ['X-Foo'] }
  const app = factory()
  let seen: unknown
  app.setValidatorCompiler(({ schema, httpPart }: { schema: unknown, httpPart: string }) => {
    if (httpPart === 'headers') seen = schema
    return () => true
  })
  app.register(async (child: any) => { child.get('/', { schema: { headers } }, async () => 'ok') })
  await app.ready()
  await app.close()
  return [seen === headers, JSON.parse(JSON.stringify(seen))]
}

// Fastify 4.29.1 and 5.12.8 alike; the faces as theirs.
for (const [name, factory] of [...fastify5Faces, ...faces.filter(([entry]) => entry !== 'enclave()')]) {
  test(`${name}: a custom validator compiler gets the headers schema as written (header names not lower-cased)`, async (t) => {
    t.same(await headersGiven(factory), [true, { type: 'object', properties: { 'X-Foo': { type: 'string' } }, required: ['X-Foo'] }])
  })
}

// Kept on enclave(): a copy with the header names lower-cased, so a custom compiler's `required` matches.
for (const [name, factory] of enclaveFaces.filter(([entry]) => entry === 'enclave()')) {
  test(`${name}: a custom validator compiler gets the headers schema with its header names lower-cased`, async (t) => {
    t.same(await headersGiven(factory), [false, { type: 'object', properties: { 'x-foo': { type: 'string' } }, required: ['x-foo'] }])
  })
}
