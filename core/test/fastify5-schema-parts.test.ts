import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { readyFailure } from './fixtures/failures.js'
import { warningsDuring } from './fixtures/warnings-during.js'

/** FSTWRN001 for parts given as undefined: the parts named, in the order the warnings come. */
async function missingPartWarnings (factory: Factory): Promise<string[]> {
  const app = factory({ exposeHeadRoutes: false })
  const seen = await warningsDuring(async () => {
    app.post('/:id', { schema: { params: undefined, querystring: undefined, body: undefined, headers: undefined } }, async () => 'ok')
    await app.ready()
  })
  await app.close()
  return seen.filter((warning) => warning.code === 'FSTWRN001').map((warning) => warning.message)
}

const inFastifyOrder = ['headers', 'body', 'querystring', 'params'].map((part) => `The ${part} schema for POST: /:id is missing. This may indicate the schema is not well specified.`)

for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory] as [string, Factory], ...enclaveFaces, ...fastify5Faces]) {
  test(`${name}: FSTWRN001 for each part given as undefined, in Fastify's order`, async (t) => {
    t.same(await missingPartWarnings(factory), inFastifyOrder)
  })
}

for (const [name, factory] of [...enclaveFaces, ...fastify5Faces]) {
  test(`${name}: a \`false\` part is a schema (it rejects every request), not a missing one: no FSTWRN001`, async (t) => {
    const app = factory()
    const seen = await warningsDuring(async () => {
      app.post('/false', { schema: { body: false } }, async () => 'ran')
      await app.ready()
    })
    t.same(seen, [])
    t.equal((await app.inject({ method: 'POST', url: '/false', payload: {} })).statusCode, 400)
    await app.close()
  })
}

/** What a GET route answers with `schema` (status, body), or how its ready() fails. */
async function answerWith (factory: Factory, schema: Record<string, unknown>): Promise<unknown> {
  const app = factory({ exposeHeadRoutes: true })
  let handled = false
  app.get('/', { schema }, async () => { handled = true; return 'ran' })
  const failure = await readyFailure(app)
  if (failure !== null) return { failure, handled }
  const res = await app.inject('/?x=1')
  await app.close()
  const json = String(res.headers['content-type']).startsWith('application/json')
  return { status: res.statusCode, body: json ? res.json() : res.body, handled }
}

const denied = { status: 400, body: { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message: 'querystring boolean schema is false' }, handled: false }
const duplicate = { failure: { code: 'FST_ERR_SCH_DUPLICATE', name: 'FastifyError', message: "Schema with 'querystring' already present!" }, handled: false }

for (const [name, factory] of fastify5Faces) {
  test(`${name}: \`query: false\` is the querystring schema and rejects every request`, async (t) => {
    t.same(await answerWith(factory, { query: false }), denied)
  })

  test(`${name}: \`query\` and \`querystring\` both given (false or null included) fail ready() with FST_ERR_SCH_DUPLICATE`, async (t) => {
    t.same(await answerWith(factory, { query: false, querystring: false }), duplicate)
    t.same(await answerWith(factory, { query: null, querystring: { type: 'object' } }), duplicate)
    t.same(await answerWith(factory, { query: { type: 'object' }, querystring: false }), duplicate)
    t.same(await answerWith(factory, { query: { type: 'object' }, querystring: undefined }), { status: 200, body: 'ran', handled: true })
  })

  test(`${name}: a \`null\` part schema fails ready() (FST_ERR_SCH_VALIDATION_BUILD); the route never runs unvalidated`, async (t) => {
    for (const part of ['headers', 'querystring', 'query', 'params']) {
      t.same(await answerWith(factory, { [part]: null }), {
        failure: { code: 'FST_ERR_SCH_VALIDATION_BUILD', name: 'FastifyError', message: "Failed building the validation schema for GET: /, due to error Cannot read properties of null (reading '$id')" },
        handled: false
      }, part)
    }
  })
}

// Fastify 4.29 ignores a `false` or `null` part (FSTWRN001, unvalidated). The Enclave entries honour
// `false` as a schema that rejects everything, under the `query` alias as under its own name.
for (const [name, factory] of enclaveFaces) {
  test(`${name}: \`query: false\` rejects every request, as \`querystring: false\` does; both given is FST_ERR_SCH_DUPLICATE`, async (t) => {
    t.match(await answerWith(factory, { query: false }), { status: 400, body: { message: 'querystring boolean schema is false' }, handled: false })
    t.same(await answerWith(factory, { query: false, querystring: false }), duplicate)
    t.same(await answerWith(factory, { query: { type: 'object' }, querystring: false }), duplicate)
  })

  test(`${name}: a \`null\` part schema warns FSTWRN001 and leaves the part unvalidated, as Fastify 4.29`, async (t) => {
    const seen = await warningsDuring(async () => {
      t.same(await answerWith(factory, { headers: null, query: null }), { status: 200, body: 'ran', handled: true })
    })
    t.same(seen.map((warning) => warning.code), ['FSTWRN001', 'FSTWRN001'])
  })
}

test('fastify@4.29.1: ignores `query: false` (the reason the Enclave entries differ)', async (t) => {
  t.same(await answerWith(Fastify4 as unknown as Factory, { query: false }), { status: 200, body: 'ran', handled: true })
})
