import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const union = { type: ['integer', 'string'] }
const broken = (name: string): Record<string, unknown> => ({ type: 'object', properties: { [name]: { type: 'not-a-type' } } })

/** The strict-mode warnings Ajv prints while the app starts, and how ready() ends. */
async function startUp (factory: Factory, schema: Record<string, unknown>): Promise<{ warned: string[], ready: string }> {
  const warned: string[] = []
  const original = console.warn
  console.warn = (...args: unknown[]) => { warned.push(args.join(' ')) }
  let ready = 'started'
  try {
    const app = factory()
    app.post('/:x', { schema }, async () => 'ok')
    try {
      await app.ready()
    } catch (error: any) {
      ready = `${String(error.code)} ${String(error.message)}`
    }
    await app.close()
  } finally {
    console.warn = original
  }
  return { warned, ready }
}

// Fastify compiles a route's parts headers, body, querystring, params (and validates them params,
// body, querystring, headers): its compiler's warnings, and the first broken part, come in that order.
const allParts = { params: { type: 'object', properties: { x: union } }, querystring: { type: 'object', properties: { q: union } }, headers: { type: 'object', properties: { h: union } }, body: { type: 'object', properties: { b: union } } }
const inCompileOrder = ['h', 'b', 'q', 'x'].map((name) => `strict mode: use allowUnionTypes to allow union type keyword at "#/properties/${name}" (strictTypes)`)

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: request-part schemas are compiled headers, body, querystring, params`, async (t) => {
    const lazy = name === 'enclave()'
    const started = await startUp(lazy ? (options) => factory({ ...options, lazySchemaCompilation: false }) : factory, allParts)
    t.same(started, { warned: inCompileOrder, ready: 'started' })
    const failed = await startUp(factory, { params: broken('fromParams'), headers: broken('fromHeaders') })
    t.match(failed.ready, /^FST_ERR_SCH_VALIDATION_BUILD Failed building the validation schema for POST: \/:x, due to error schema is invalid: data\/properties\/fromheaders\/type/)
  })
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: the parts are still validated params, body, querystring, headers`, async (t) => {
    const app = factory()
    const strict = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }
    app.post('/:n', { schema: { headers: strict, querystring: strict, body: strict, params: strict } }, async () => 'ok')
    const res = await app.inject({ method: 'POST', url: '/x?n=y', payload: { n: 'z' }, headers: { n: 'w' } })
    t.equal(res.statusCode, 400)
    t.match(res.json().message, /^params\/n (must|should) be integer$/)
    await app.close()
  })
}
