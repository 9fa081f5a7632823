import { test } from 'tap'
import { createRequire } from 'node:module'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

// Which string names which parser: hasContentTypeParser, removeContentTypeParser and a key added
// twice, with the catch-all among them. Each face is compared with its Fastify, run beside it.
const require = createRequire(import.meta.url)
const fastify4 = (options?: unknown): any => (require('fastify4') as Factory)(options)
const fastify5 = (options?: unknown): any => (require('fastify5') as Factory)(options)
const fastify4Face = enclaveFaces[1]![1]
const enclave = enclaveFaces[0]![1]

async function answer (body: unknown): Promise<unknown> { return body }

function attempt (fn: () => unknown): unknown {
  try {
    return fn()
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

/** A key with parameters, asked for and added again in other spellings, then removed in one. */
async function spellings (factory: Factory): Promise<unknown[]> {
  const app = factory()
  app.addContentTypeParser('Text/HTML; Charset=UTF-8', { parseAs: 'string' }, answer)
  const asked = ['text/html; charset=utf-8', 'text/html;charset=utf-8', 'TEXT/HTML; charset=UTF-8', 'text/html; charset="utf-8"', ' text/html; charset=utf-8 ', 'not a type']
    .map((type) => attempt(() => app.hasContentTypeParser(type)))
  const addedAgain = ['text/html;charset=utf-8', 'TEXT/html; charset=UTF-8', 'application/json;', 'APPLICATION/JSON']
    .map((type) => attempt(() => { app.addContentTypeParser(type, { parseAs: 'string' }, answer); return 'added' }))
  const removed = attempt(() => { app.removeContentTypeParser('TEXT/HTML;charset=utf-8'); return app.hasContentTypeParser('text/html; charset=utf-8') })
  app.post('/', async (request: { body: unknown }) => ({ body: request.body }))
  const html = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/html; charset=utf-8' }, payload: 'x' })
  const json = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' })
  await app.close()
  return [asked, addedAgain, removed, html.statusCode, json.statusCode, json.body]
}

/** The catch-all: asked for and removed by '*' and by '', added twice, and what a body of no known type then gets. */
async function catchAll (factory: Factory, removing: string | null): Promise<unknown[]> {
  const app = factory()
  app.addContentTypeParser('*', async () => 'first')
  const second = attempt(() => { app.addContentTypeParser('*', async () => 'second'); return 'added' })
  const before = [app.hasContentTypeParser('*'), app.hasContentTypeParser('')]
  if (removing !== null) app.removeContentTypeParser(removing)
  const after = [app.hasContentTypeParser('*'), app.hasContentTypeParser('')]
  app.post('/', async (request: { body: unknown }) => ({ body: request.body }))
  const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'foo/bar' }, payload: 'x' })
  await app.close()
  return [second, before, after, response.statusCode, response.statusCode === 200 ? response.body : null]
}

/** A key of spaces only. */
function blankKey (factory: Factory): unknown {
  return attempt(() => { factory().addContentTypeParser('  ', async () => 1); return 'added' })
}

/** Which error a faulty registration gets when it is faulty in several ways, and what a one-call array of the same key leaves. */
function refusals (factory: Factory): unknown[] {
  const app = factory()
  const add = (...args: unknown[]): unknown => attempt(() => { app.addContentTypeParser(...args); return 'added' })
  return [
    add(123, { parseAs: 'json' }, 'not a function'),
    add('application/a', { parseAs: 'json' }, 'not a function'),
    add('application/json', { parseAs: 'json' }, answer),
    add(['application/b', 'application/b'], answer),
    attempt(() => app.hasContentTypeParser('application/b')),
    add('application/c', 'not a function'),
    add('application/d', 5, answer),
    add('application/e', false, answer),
    attempt(() => app.hasContentTypeParser(null)),
    attempt(() => app.hasContentTypeParser(123))
  ]
}

async function report (factory: Factory): Promise<unknown[]> {
  return [await spellings(factory), await catchAll(factory, null), await catchAll(factory, '*'), await catchAll(factory, ''), blankKey(factory), refusals(factory)]
}

test('@enclave/fastify names content-type parsers as fastify@5.12.8 does', async (t) => {
  const expected = await report(fastify5)
  t.same(await report(fastify5Face[1]), expected)
  // What the comparison stands on: Fastify 5 reads keys as media types, and the catch-all has no name.
  t.same((expected[0] as unknown[])[0], [true, true, false, true, true, false])
  t.same((expected[0] as unknown[])[1], ['FST_ERR_CTP_ALREADY_PRESENT', 'FST_ERR_CTP_ALREADY_PRESENT', 'FST_ERR_CTP_ALREADY_PRESENT', 'added'])
  t.same(expected[2], ['added', [false, false], [false, false], 200, '{"body":"second"}'])
})

test('@enclave/fastify4 names content-type parsers as fastify@4.29.1 does', async (t) => {
  const expected = await report(fastify4)
  t.same(await report(fastify4Face), expected)
  // Fastify 4 keys strings as written, and the catch-all by ''.
  t.same((expected[0] as unknown[])[0], [false, false, false, false, false, false])
  t.same(expected[2], ['added', [false, true], [false, true], 200, '{"body":"second"}'])
  t.same(expected[3], ['added', [false, true], [false, false], 415, null])
  // Checks in Fastify's order; options that are a primitive fail on the limit Fastify writes onto them.
  t.same(expected[5], [
    'FST_ERR_CTP_INVALID_TYPE', 'FST_ERR_CTP_INVALID_HANDLER', 'FST_ERR_CTP_INVALID_PARSE_TYPE', 'FST_ERR_CTP_ALREADY_PRESENT', true,
    'TypeError: Cannot create property \'bodyLimit\' on string \'not a function\'', 'TypeError: Cannot create property \'bodyLimit\' on number \'5\'',
    'added', 'TypeError: Cannot read properties of null (reading \'toString\')', false
  ])
})

test('enclave() names the catch-all parser by its own key, \'*\'', async (t) => {
  t.same(await catchAll(enclave, null), ['added', [true, false], [true, false], 200, '{"body":"second"}'], 'a second catch-all replaces the first')
  t.same(await catchAll(enclave, '*'), ['added', [true, false], [false, false], 415, null], 'removeContentTypeParser(\'*\') removes it')
  t.same(await catchAll(enclave, ''), ['added', [true, false], [true, false], 200, '{"body":"second"}'], '\'\' names no parser')
  // Other keys as Fastify 4.29 reads them (as written).
  t.same((await spellings(enclave))[0], [false, false, false, false, false, false])
})
