import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { warningsDuring } from './fixtures/warnings-during.js'

/** The FSTSEC warnings ready() emits for header schemas whose `$ref`s header lower-casing cannot reach. */
async function securityWarnings (factory: Factory): Promise<Array<[string | undefined, string, string]>> {
  const app = factory()
  app.addSchema({ $id: 'http://example.com/admin-headers', type: 'object', properties: { 'X-Admin': { type: 'string' }, 'X-Admin-Token': { type: 'string' } }, dependencies: { 'X-Admin': ['X-Admin-Token'] } })
  app.addSchema({ $id: 'names', type: 'string' })
  const ok = async (): Promise<string> => 'ok'
  app.post('/external', { schema: { headers: { $ref: 'http://example.com/admin-headers#' } } }, ok)
  // Once per route: the first external $ref, the first local one inside propertyNames.
  app.post('/nested', { schema: { headers: { type: 'object', allOf: [{ $ref: 'http://example.com/admin-headers#' }, { $ref: 'names#' }], propertyNames: { not: { anyOf: [{ $ref: '#/definitions/denied' }, { $ref: '#/definitions/other' }] } }, definitions: { denied: { enum: ['X-Debug'] }, other: { enum: ['X-Other'] } } } } }, ok)
  app.post('/names', { schema: { headers: { type: 'object', propertyNames: { $ref: '#/definitions/denied' }, definitions: { denied: { not: { enum: ['X-Debug'] } } } } } }, ok)
  // Inline and same-document references are lower-cased: no warning.
  app.post('/local', { schema: { headers: { type: 'object', $ref: '#/definitions/h', definitions: { h: { type: 'object', properties: { 'X-Admin': { type: 'string' } } } } } } }, ok)
  app.post('/inline', { schema: { headers: { type: 'object', propertyNames: { not: { enum: ['X-Debug'] } } } } }, ok)
  const seen = await warningsDuring(async () => { await app.ready() })
  await app.close()
  return seen.filter((warning) => warning.code?.startsWith('FSTSEC') === true).map((warning) => [warning.code, warning.name, warning.message])
}

const external = (url: string, ref: string): [string, string, string] => ['FSTSEC002', 'FastifySecurity', `The headers schema for POST: ${url} references an external $ref (${ref}) that is not case-normalized. Header names in the referenced schema keep their original case and will not match the lowercased request headers, so case-insensitive assertions such as required and dependencies may not apply. Inline the header schema instead of referencing it with an external $ref.`]
const inPropertyNames = (url: string, ref: string): [string, string, string] => ['FSTSEC003', 'FastifySecurity', `The headers schema for POST: ${url} uses a $ref (${ref}) inside propertyNames that is not case-normalized. Header names held in the referenced schema keep their original case and will not match the lowercased request headers, so a case-insensitive deny-list or allow-list on header names may not apply. Inline the propertyNames constraint instead of referencing it with a $ref.`]

const expected = [
  external('/external', 'http://example.com/admin-headers#'),
  external('/nested', 'http://example.com/admin-headers#'),
  inPropertyNames('/nested', '#/definitions/denied'),
  inPropertyNames('/names', '#/definitions/denied')
]

// Security warnings: every entry emits them (Fastify 4.29 has none), since the schemas they name
// may let requests through that the app meant to refuse.
for (const [name, factory] of [...fastify5Faces, ...enclaveFaces]) {
  test(`${name}: FSTSEC002 / FSTSEC003 for header schemas whose $ref header lower-casing cannot reach`, async (t) => {
    t.same(await securityWarnings(factory), expected)
  })
}

test('fastify@4.29.1 emits neither (the reason the Enclave entries differ from it)', async (t) => {
  t.same(await securityWarnings(Fastify4 as unknown as Factory), [])
})
