// JSON bodies at the edges of UTF-8. Fastify 5 decodes the body as Node does (bytes that are not
// UTF-8 become U+FFFD, a leading BOM is dropped by the parser) and answers FST_ERR_CTP_INVALID_JSON_BODY
// only when the text does not parse; the v5 face does the same. enclave()'s genericJsonParseErrors
// (and the same option given to the v5 face) refuses bytes that are not UTF-8 outright.
import { test } from 'tap'
import enclave from '@enclave/core'
import { fastify5Face, fastify5Faces } from './fixtures/faces.js'

const bytes = (...parts: Array<string | number[]>): Buffer => Buffer.concat(parts.map((part) => typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))
const invalidJson = { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request', message: 'Body is not valid JSON but content-type is set to \'application/json\'' }

const cases: Array<[string, Buffer, number, unknown]> = [
  ['bytes that are not UTF-8 inside a string', bytes('{"a":"', [0xff, 0xe2, 0x82, 0xf0, 0x90, 0x80], '!"}'), 200, { body: { a: '\ufffd\ufffd\ufffd!' } }],
  ['the same after a BOM', bytes([0xef, 0xbb, 0xbf], '{"a":"', [0xff], '"}'), 200, { body: { a: '\ufffd' } }],
  ['bytes that are not UTF-8 outside a string', bytes('{"a":1', [0xff], '}'), 400, invalidJson],
  ['a BOM, then JSON', bytes([0xef, 0xbb, 0xbf], '{"x":1}'), 200, { body: { x: 1 } }],
  ['only a BOM', bytes([0xef, 0xbb, 0xbf]), 400, invalidJson],
  ['two BOMs, then JSON (the parser drops one)', bytes([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], '{"x":1}'), 400, invalidJson]
]

async function answer (app: any, payload: Buffer): Promise<{ status: number, body: unknown }> {
  const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload })
  return { status: res.statusCode, body: res.json() }
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: JSON bodies are decoded as Node decodes them`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    app.post('/', async (request: { body: unknown }) => ({ body: request.body }))
    for (const [what, payload, status, body] of cases) t.same(await answer(app, payload), { status, body }, what)
  })
}

test('genericJsonParseErrors (enclave()\'s default, an option on the v5 face) refuses bytes that are not UTF-8', async (t) => {
  for (const app of [enclave(), fastify5Face[1]({ genericJsonParseErrors: true })]) {
    t.teardown(() => app.close())
    app.post('/', async (request: { body: unknown }) => ({ body: request.body }))
    t.same(await answer(app, cases[0]![1]), { status: 400, body: invalidJson }, 'not UTF-8: refused')
    t.same(await answer(app, cases[3]![1]), { status: 200, body: { body: { x: 1 } } }, 'a BOM, then JSON: parsed')
  }
})
