// A string-parsed body that is not valid UTF-8 (gzip bytes sent as JSON, as @fastify/compress's
// suite does with `decompress: false`): Fastify 5 counts the bytes read against Content-Length and
// hands the decoded text to the parser; Fastify 4.29 measures the decoded text and answers
// FST_ERR_CTP_INVALID_CONTENT_LENGTH.
import { test } from 'tap'
import { gzipSync } from 'node:zlib'
import { fastify5Faces, faces } from './fixtures/faces.js'

const notUtf8 = Buffer.from([0x61, 0xff, 0x62])

async function build (factory: (options?: object) => any): Promise<any> {
  const app = factory()
  app.addContentTypeParser('text/x-count', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: null, value: unknown) => void) => {
    done(null, { characters: body.length, replaced: body.includes('\uFFFD') })
  })
  app.post('/', async (request: { body: unknown }) => request.body)
  await app.ready()
  return app
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a body that is not UTF-8 reaches its string parser, decoded with replacement characters`, async (t) => {
    const app = await build(factory)
    t.teardown(() => app.close())
    const counted = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/x-count' }, payload: notUtf8 })
    t.equal(counted.statusCode, 200)
    t.same(counted.json(), { characters: 3, replaced: true })
    const json = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: gzipSync('{"a":1}') })
    t.equal(json.statusCode, 400)
    t.equal(json.json().code, 'FST_ERR_CTP_INVALID_JSON_BODY')
  })
}

for (const [name, factory] of faces) {
  test(`${name}: a body that is not UTF-8 still fails Fastify 4.29's Content-Length check`, async (t) => {
    const app = await build(factory)
    t.teardown(() => app.close())
    const counted = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/x-count' }, payload: notUtf8 })
    t.equal(counted.statusCode, 400)
    t.equal(counted.json().code, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')
  })
}
