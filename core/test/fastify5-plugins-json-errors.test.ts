// A JSON body the default parser cannot take (malformed, truncated, with a poisoned key, or bytes
// that are not UTF-8, as @fastify/compress's suite sends with `decompress: false`): Fastify 5 answers
// 400 FST_ERR_CTP_INVALID_JSON_BODY whatever went wrong; Fastify 4.29 answers the parser's own text.
import { test } from 'tap'
import { gzipSync } from 'node:zlib'
import { fastify5Faces, faces } from './fixtures/faces.js'

const bodies: Array<[string, string | Buffer]> = [
  ['truncated', '{"a":'],
  ['with a __proto__ key', '{"__proto__":{"admin":true}}'],
  ['with a constructor.prototype key', '{"constructor":{"prototype":{"admin":true}}}'],
  ['gzip bytes', gzipSync('{"a":1}')]
]

async function answers (factory: (options?: object) => any): Promise<any[]> {
  const app = factory()
  app.post('/', async (request: { body: unknown }) => request.body)
  const results = []
  for (const [, payload] of bodies) {
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload })
    results.push({ status: res.statusCode, body: res.json() })
  }
  await app.close()
  return results
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: every unparsable JSON body answers FST_ERR_CTP_INVALID_JSON_BODY`, async (t) => {
    const results = await answers(factory)
    for (const [index, [what]] of bodies.entries()) {
      t.same(results[index], {
        status: 400,
        body: { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request', message: 'Body is not valid JSON but content-type is set to \'application/json\'' }
      }, what)
    }
  })
}

test('fastify@4.29.1 and the v4 face still answer the parser\'s text without a code', async (t) => {
  for (const [name, factory] of faces.filter(([name]) => name !== 'enclave()')) {
    const [truncated, proto] = await answers(factory)
    t.same(truncated, { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Unexpected end of JSON input' } }, name)
    t.same(proto, { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Object contains forbidden prototype property' } }, name)
  }
})
