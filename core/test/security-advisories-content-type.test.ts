// Fastify's published Content-Type advisories, each proof of concept replayed over a real socket on
// enclave() and the Fastify faces, with fastify@5.12.8 (which carries every fix) for comparison. What
// must hold everywhere: a body is never handed to a handler without the schema its type selects.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'
import type { Factory } from './fixtures/faces.js'
import { rawRequest } from './fixtures/raw-http1.js'

const fastify5: [string, Factory] = ['fastify@5.12.8', Fastify5 as unknown as Factory]
// Every Enclave entry, the Fastify v5 face included, beside fastify@5.12.8.
const withFastify5: Array<[string, Factory]> = [fastify5, ...enclaveFaces, fastify5Face]

const bodySchema = { type: 'object', required: ['foo'], properties: { foo: { type: 'string' } } }
// Fails the schema: a 200 means the schema was skipped.
const invalidBody = '{"bar":1}'

interface Started {
  readonly port: number
  readonly app: any
  /** What each handler was given, in order: empty when nothing got past parsing and validation. */
  readonly handled: unknown[]
}

async function start (t: Test, factory: Factory, parsers: { catchAll?: boolean } = {}): Promise<Started> {
  const app = factory({ logger: false })
  const handled: unknown[] = []
  if (parsers.catchAll === true) {
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request: unknown, body: string, done: (error: null, value: unknown) => void) => { done(null, { caughtAll: body }) })
  }
  const handler = async (request: any): Promise<unknown> => {
    handled.push(request.body)
    return { handled: true }
  }
  app.post('/by-type', { schema: { body: { content: { 'application/json': { schema: bodySchema } } } } }, handler)
  app.post('/plain', { schema: { body: bodySchema } }, handler)
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { port: (app.server.address() as AddressInfo).port, app, handled }
}

function post (port: number, path: string, contentType: string, body = invalidBody): ReturnType<typeof rawRequest> {
  return rawRequest(port, 'POST', path, [`Content-Type: ${contentType}`], body)
}

t.test('CVE-2026-25223: a tab and more after the media type never bypasses a schema keyed by media type, even with a catch-all parser', async (t) => {
  for (const [name, factory] of withFastify5) {
    for (const catchAll of [false, true]) {
      const { port, handled } = await start(t, factory, { catchAll })
      for (const type of ['application/json\ta', 'application/json\tfoo=bar', 'application/json\t;charset=utf-8x']) {
        for (const path of ['/by-type', '/plain']) {
          const answer = await post(port, path, type)
          if (type.includes(';')) {
            // A tab before the `;` is white space around the media type: parsed and validated.
            t.equal(answer.statusCode, 400, `${name}, catch-all ${catchAll}, ${JSON.stringify(type)} on ${path}: validated`)
            continue
          }
          t.equal(answer.statusCode, 415, `${name}, catch-all ${catchAll}, ${JSON.stringify(type)} on ${path}`)
          t.match(JSON.parse(answer.body), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type' })
        }
      }
      t.same(handled, [], `${name}, catch-all ${catchAll}: no handler ran`)
    }
  }
})

t.test('CVE-2026-3419: characters after the subtype make the type malformed: 415, never a parser (the catch-all included)', async (t) => {
  const malformed = ['application/json garbage', 'application/json a', 'application/json, text/plain', 'application /json', 'text/plain bad', ';charset=utf-8']
  for (const [name, factory] of withFastify5) {
    for (const catchAll of [false, true]) {
      const { port, handled } = await start(t, factory, { catchAll })
      for (const type of malformed) {
        for (const path of ['/by-type', '/plain']) {
          const answer = await post(port, path, type, '{"foo":"ok"}')
          t.equal(answer.statusCode, 415, `${name}, catch-all ${catchAll}, ${JSON.stringify(type)} on ${path}`)
        }
      }
      t.same(handled, [], `${name}, catch-all ${catchAll}: no handler ran`)
      // A well-formed type still reaches the catch-all, a body without a type too.
      if (catchAll) {
        t.equal((await post(port, '/plain', 'text/plain', '{"foo":"ok"}')).statusCode, 400, `${name}: text/plain goes to the catch-all (an object schema refuses its string)`)
        t.equal((await rawRequest(port, 'POST', '/by-type', [], 'x')).statusCode, 200, `${name}: a body without a content type goes to the catch-all`)
      }
    }
  }
})

t.test('CVE-2026-3419: `application/jsonx;` and other look-alikes never get past a schema keyed by media type', async (t) => {
  for (const [name, factory] of withFastify5) {
    const { port, handled } = await start(t, factory)
    for (const type of ['application/jsonx;', 'application/jsonx', 'xapplication/json', 'application/json-x']) {
      const answer = await post(port, '/by-type', type)
      if (name === 'enclave()' || name === 'fastify@5.12.8' || type.endsWith(';')) {
        t.equal(answer.statusCode, 415, `${name}: ${type}: exact matching, no parser`)
      } else {
        // A face with Fastify 4's loose matching lets the JSON parser read `application/jsonx`:
        // the body is then validated as JSON (400), where Fastify 4 skipped the schema.
        t.ok(answer.statusCode === 400 || answer.statusCode === 415, `${name}: ${type}: ${answer.statusCode}`)
      }
    }
    t.same(handled, [], `${name}: no handler got an unvalidated body`)
  }
})

t.test('CVE-2026-33806: a leading space before the media type still selects the schema', async (t) => {
  for (const [name, factory] of withFastify5) {
    const { port, app, handled } = await start(t, factory)
    for (const type of [' application/json', '\tapplication/json', '  application/json ;charset=utf-8']) {
      // Over the socket Node drops white space around a header value; inject() hands it on as given.
      t.equal((await post(port, '/by-type', type)).statusCode, 400, `${name}: ${JSON.stringify(type)} over a socket`)
      const injected = await app.inject({ method: 'POST', url: '/by-type', headers: { 'content-type': type }, payload: invalidBody })
      t.equal(injected.statusCode, 400, `${name}: ${JSON.stringify(type)} through inject()`)
      t.match(injected.json(), { statusCode: 400, error: 'Bad Request', message: /required property 'foo'/ })
    }
    t.same(handled, [], `${name}: no handler ran`)
  }
})

t.test('CVE-2025-32442: case and white space before the `;` select the same schema as the parser', async (t) => {
  for (const [name, factory] of withFastify5) {
    const { port, handled } = await start(t, factory)
    for (const type of ['APPLICATION/JSON', 'Application/Json; charset=utf-8', 'application/json ;charset=utf-8', 'application/json\t; charset=utf-8', 'application/JSON;charset="utf-8"']) {
      t.equal((await post(port, '/by-type', type)).statusCode, 400, `${name}: ${type}: validated`)
      t.equal((await post(port, '/by-type', type, '{"foo":"ok"}')).statusCode, 200, `${name}: ${type}: a valid body passes`)
    }
    t.equal(handled.length, 5, `${name}: only the valid bodies reached the handler`)
  }
})

t.test('CVE-2022-41919: a form-safe type carrying `application/json` as a parameter is never read as JSON', async (t) => {
  for (const [name, factory] of [...enclaveFaces, fastify5Face]) {
    const { port, handled } = await start(t, factory)
    for (const type of ['text/plain; application/json', 'text/plain;application/json', 'multipart/form-data; application/json']) {
      // A browser form may send these cross-site without a preflight: a JSON body must not pass.
      // The v5 face, as Fastify 5.12, leaves the malformed parameter out: `text/plain` is read as
      // text, which the object schema refuses.
      const expected = name === fastify5Face[0] && type.startsWith('text/plain') ? 400 : 415
      t.equal((await post(port, '/plain', type, '{"foo":"ok"}')).statusCode, expected, `${name}: ${type}`)
    }
    t.same(handled, [], `${name}: no handler ran`)
  }
})
