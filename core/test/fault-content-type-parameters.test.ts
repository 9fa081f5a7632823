// Malformed Content-Type parameters: each face reads them as its Fastify version does, so a body is
// parsed (or refused with 415) on the same headers. Fastify 4.29 refuses a header whose parameters
// break RFC 9110's grammar; Fastify 5.12 leaves such a parameter out (a value ends where its token
// does), which a parser keyed with a parameter shows: Fastify 5.12 takes such a parser only for a
// header with exactly its parameters.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const v4Headers = [
  'application/json; a=b; c="d;e"',
  'application/json; a="x\\"y"; charset=utf-8',
  'application/json; c=d e',
  'application/json; a="b',
  'application/json;  a = b',
  'application/json; a=b\t',
  'application/json;\ta=b',
  'application/json; a="b\tc"',
  'application/json; a=b/c',
  'application/json; a=b;',
  'application/json;;a=b',
  'application/json; a=é',
  'application/json ; a=b ; charset=utf-8 '
]

const v5Headers = [
  'application/json; charset=utf-8 junk',
  'application/json; charset=utf-8\tjunk',
  'application/json; charset=utf-8/x',
  'application/json; charset="utf-8"',
  'application/json; charset="utf\\-8"',
  'application/json;\u000bcharset=utf-8',
  'application/json; =x; charset=utf-8',
  'application/json; x="a;charset=utf-8"',
  'application/json; charset=utf-8; x="open'
]

/** Status and body for each header, the route echoing what the parsers made of the body. */
async function answers (factory: Factory, headers: string[], keyed: boolean): Promise<string[]> {
  const app = factory()
  app.post('/', async (request: any) => ({ body: request.body ?? null }))
  if (keyed) {
    app.addContentTypeParser('application/json; charset=utf-8', { parseAs: 'string' }, (_request: unknown, _body: unknown, done: (error: null, value: string) => void) => { done(null, 'keyed') })
  }
  const out: string[] = []
  for (const header of headers) {
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': header }, payload: '{"a":1}' })
    out.push(`${header} -> ${response.statusCode} ${response.body}`)
  }
  await app.close()
  return out
}

for (const keyed of [false, true]) {
  const setup = keyed ? 'with a parser keyed by a charset' : 'with the default parsers'
  t.test(`the v4 face and enclave() read malformed parameters as fastify@4.29.1, ${setup}`, async (t) => {
    const [[, fastify4], ...enclaveEntries] = faces
    const expected = await answers(fastify4!, v4Headers, keyed)
    t.match(expected[0], /-> 200 /, 'a quoted ; is part of the value')
    t.match(expected[2], /-> 415 /, 'a space inside an unquoted value makes the header malformed')
    for (const [name, factory] of enclaveEntries) t.same(await answers(factory, v4Headers, keyed), expected, name)
  })
}

t.test('the v5 face takes a parser keyed with parameters for exactly those parameters, as fastify@5.12.8', async (t) => {
  const headers = [
    'application/json; charset=utf-8', 'application/json;charset=utf-8', 'application/json; charset="utf-8"',
    'application/json; CHARSET=utf-8', 'application/json; charset=UTF-8', 'application/json; charset=utf-8; a=b',
    'application/json; a=b; charset=utf-8', 'application/json; a=1; b=2', 'application/json; b=2; a=1',
    'application/json; a=1; b=2; c=3'
  ]
  async function keyedAnswers (factory: Factory): Promise<string[]> {
    const out: string[] = []
    for (const key of ['application/json; charset=utf-8', 'Application/JSON; Charset=UTF-8', 'application/json; a=1; b=2']) {
      const app = factory()
      app.post('/', async (request: any) => ({ body: request.body ?? null }))
      app.addContentTypeParser(key, { parseAs: 'string' }, (_request: unknown, _body: unknown, done: (error: null, value: string) => void) => { done(null, 'keyed') })
      for (const header of headers) {
        const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': header }, payload: '{"a":1}' })
        out.push(`${key} / ${header} -> ${response.statusCode} ${response.body}`)
      }
      await app.close()
    }
    return out
  }
  const [[, fastify5], [name, face]] = fastify5Faces
  const expected = await keyedAnswers(fastify5!)
  t.ok(expected.includes('application/json; charset=utf-8 / application/json; charset=utf-8; a=b -> 200 {"body":{"a":1}}'), 'another parameter: the bare type\'s parser')
  t.same(await keyedAnswers(face!), expected, name)
})

t.test('the v5 face reads malformed parameters as fastify@5.12.8: a parser keyed by a charset sees what is left', async (t) => {
  const [[, fastify5], [name, face]] = fastify5Faces
  const expected = await answers(fastify5!, v5Headers, true)
  t.match(expected[0], /-> 200 \{"body":"keyed"\}/, 'the value ends with its token')
  t.same(await answers(face!, v5Headers, true), expected, name)
})
