import t from 'tap'
import { Readable } from 'node:stream'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

// Each case runs on fastify@4.29.1 and on the Fastify face of Enclave; they must agree exactly.
const fastifyFace = (options?: any): any => createServer(options, fastifyProfile)
const fastify4 = (options?: any): any => Fastify(options)

type Setup = (app: any) => void
const tag = (name: string) => (_request: any, _body: unknown, done: (error: Error | null, body?: unknown) => void) => { done(null, name) }

async function answer (factory: (options?: any) => any, setup: Setup | null, contentType: string | null, payload: string | Buffer): Promise<string> {
  let app
  try {
    app = factory()
    app.post('/', async (request: any) => ({ body: request.body ?? null }))
    if (setup !== null) setup(app)
    const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType }
    const response = await app.inject({ method: 'POST', url: '/', headers, payload })
    return `${response.statusCode} ${response.body}`
  } catch (error: any) {
    return `throws ${error.code} ${error.message}`
  } finally {
    await app?.close()
  }
}

const requests: Array<[string, Setup | null, string | null, string | Buffer]> = [
  ['json', null, 'application/json', '{"a":1}'],
  ['json with a suffix reaches the JSON parser', null, 'application/jsonx', '{"a":1}'],
  ['json inside another type', null, 'xapplication/json', '{"a":1}'],
  ['json-patch', null, 'application/json-patch+json', '{"a":1}'],
  ['upper case', null, 'APPLICATION/JSON', '{"a":1}'],
  ['spaces and parameters', null, ' application/json ; charset=utf-8', '{"a":1}'],
  ['text/plainx', null, 'text/plainx', 'hi'],
  ['two types', null, 'application/json, text/plain', 'hi'],
  ['a trailing semicolon is malformed', null, 'application/json;', '{}'],
  ['a parameter without a value is malformed', null, 'application/json; charset=', '{}'],
  ['a parameter without = is malformed', null, 'application/json; charset', '{}'],
  ['a quoted parameter', null, 'application/json ;charset="utf-8"', '{}'],
  ['no content type', null, null, 'hi'],
  ['empty content type', null, '', 'hi'],
  ['malformed JSON: the SyntaxError text, no code', null, 'application/json', '{"a":'],
  ['malformed JSON 2', null, 'application/json', 'nope'],
  ['a __proto__ key', null, 'application/json', '{"__proto__":{"x":1}}'],
  ['constructor.prototype', null, 'application/json', '{"constructor":{"prototype":{"x":1}}}'],
  ['empty JSON body', null, 'application/json', ''],
  ['text that is not UTF-8: the decoded length no longer matches Content-Length', null, 'text/plain', Buffer.from([0x61, 0xff, 0x62])],
  ['text with a truncated sequence', null, 'text/plain', Buffer.from([0xe2, 0x82])],
  ['UTF-8 text', null, 'text/plain', Buffer.from('héllo')],
  ['JSON that is not UTF-8', null, 'application/json', Buffer.from([0x22, 0x61, 0xff, 0x22])],
  ['JSON with a truncated sequence of the same decoded length', null, 'application/json', Buffer.from([0x22, 0xf0, 0x9f, 0x98, 0x22])],
  ['keyed with a parameter', (app) => app.addContentTypeParser('application/json; charset=utf-8', { parseAs: 'string' }, tag('keyed')), 'application/json; charset=utf-8', '{}'],
  ['keyed, header has more parameters', (app) => app.addContentTypeParser('application/json; charset=utf-8', { parseAs: 'string' }, tag('keyed')), 'application/json; foo=bar; charset=utf-8', '{}'],
  ['keyed, other value', (app) => app.addContentTypeParser('application/json; charset=utf-8', { parseAs: 'string' }, tag('keyed')), 'application/json; charset=latin1', '{}'],
  ['keyed, value case', (app) => app.addContentTypeParser('application/json; charset=utf-8', { parseAs: 'string' }, tag('keyed')), 'application/json;charset=UTF-8', '{}'],
  ['keyed, no parameter', (app) => app.addContentTypeParser('application/json; charset=utf-8', { parseAs: 'string' }, tag('keyed')), 'application/json', '{}'],
  ['latest string key first', (app) => { app.addContentTypeParser('x/y', tag('y')); app.addContentTypeParser('x/yy', tag('yy')) }, 'x/yyz', 'x'],
  ['an exact key wins over later ones', (app) => { app.addContentTypeParser('x/yy', tag('yy')); app.addContentTypeParser('x/y', tag('y')) }, 'x/yy', 'x'],
  ['a key in another case', (app) => app.addContentTypeParser('Application/XML', tag('upper')), 'application/xml', 'x'],
  ['strings before RegExps', (app) => { app.addContentTypeParser(/xml/, tag('re')); app.addContentTypeParser('application/xml', tag('str')) }, 'application/xml', 'x'],
  ['latest RegExp first', (app) => { app.addContentTypeParser(/^a/, tag('r1')); app.addContentTypeParser(/^a\/b/, tag('r2')) }, 'a/bc', 'x'],
  ['a RegExp sees the lower-cased media type only', (app) => app.addContentTypeParser(/^x\/y$/, tag('re')), 'X/Y; charset=utf-8', 'x'],
  ['a malformed header is refused, even with a catch-all', (app) => app.addContentTypeParser('*', tag('star')), 'not a type', 'x'],
  ['a RegExp does not', (app) => app.addContentTypeParser(/^.*$/, tag('re')), 'not a type', 'x'],
  ['a parser error without a status is a 500', (app) => app.addContentTypeParser('x/y', (_r: any, _p: any, done: any) => done(new Error('boom'))), 'x/y', 'x'],
  ['a parser error keeps its status', (app) => app.addContentTypeParser('x/y', async () => { throw Object.assign(new Error('teapot'), { statusCode: 418 }) }), 'x/y', 'x'],
  ['JSON replaced directly', (app) => app.addContentTypeParser('application/json', tag('mine')), 'application/json', '{}'],
  ['text replaced directly', (app) => app.addContentTypeParser('text/plain', tag('mine')), 'text/plain', 'x'],
  ['JSON replaced twice', (app) => { app.addContentTypeParser('application/json', tag('1')); app.addContentTypeParser('application/json', tag('2')) }, 'application/json', '{}'],
  ['JSON removed then added twice', (app) => { app.removeContentTypeParser('application/json'); app.addContentTypeParser('application/json', tag('1')); app.addContentTypeParser('application/json', tag('2')) }, 'application/json', '{}'],
  ['a custom key twice', (app) => { app.addContentTypeParser('a/b', tag('1')); app.addContentTypeParser('a/b', tag('2')) }, 'a/b', '{}'],
  ['a child adds what its parent has', (app) => { app.addContentTypeParser('a/b', tag('root')); app.register(async (child: any) => { child.addContentTypeParser('a/b', tag('child')) }) }, 'a/b', 'x'],
  ['a child replaces the built-in JSON parser', (app) => { app.register(async (child: any) => { child.addContentTypeParser('application/json', tag('child')); child.post('/c', async (r: any) => r.body) }) }, 'application/json', '{}'],
  ['getDefaultJsonParser', (app) => app.addContentTypeParser('text/json', { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore')), 'text/json', '{"__proto__":{"a":1},"b":2}'],
  ['getDefaultJsonParser on bad JSON', (app) => app.addContentTypeParser('text/json', { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore')), 'text/json', '{bad'],
  ['defaultTextParser', (app) => app.addContentTypeParser('text/html', { parseAs: 'string' }, app.defaultTextParser), 'text/html', '<p>'],
  ['removeAllContentTypeParsers', (app) => app.removeAllContentTypeParsers(), 'application/json', '{}'],
  ['bad arguments: type', (app) => app.addContentTypeParser(12, tag('x')), 'x/y', 'x'],
  ['bad arguments: empty type', (app) => app.addContentTypeParser('', tag('x')), 'x/y', 'x'],
  ['bad arguments: empty list', (app) => app.addContentTypeParser([], tag('x')), 'x/y', 'x'],
  ['bad arguments: parseAs', (app) => app.addContentTypeParser('x/y', { parseAs: 'json' }, tag('x')), 'x/y', 'x'],
  ['bad arguments: handler', (app) => app.addContentTypeParser('x/y', {}, 12), 'x/y', 'x'],
  ['a parser bodyLimit of -1 refuses every body', (app) => app.addContentTypeParser('x/y', { bodyLimit: -1, parseAs: 'string' }, tag('x')), 'x/y', 'abc'],
  ['a parser bodyLimit of 0 is the server\'s', (app) => app.addContentTypeParser('x/y', { bodyLimit: 0, parseAs: 'string' }, tag('x')), 'x/y', 'abc'],
  ['a parser bodyLimit of 2', (app) => app.addContentTypeParser('x/y', { bodyLimit: 2, parseAs: 'string' }, tag('x')), 'x/y', 'abc'],
  ['bad arguments: remove', (app) => app.removeContentTypeParser(12), 'x/y', 'x'],
  ['a RegExp that spells a ; sees the header as received', (app) => app.addContentTypeParser(/^a\/b; x="q"$/, tag('re')), 'a/b; x="q"', 'x'],
  ['such a RegExp is case-sensitive on the header', (app) => app.addContentTypeParser(/^a\/b; x=1$/, tag('re')), 'A/B; x=1', 'x'],
  ['such a RegExp is not tried on the media type alone', (app) => app.addContentTypeParser(/z;|^a\/b$/, tag('re')), 'a/b; x=1', 'x'],
  ['a RegExp without ; never sees the parameters', (app) => app.addContentTypeParser(/x=1/, tag('re')), 'a/b; x=1', 'x'],
  ['a key with no media type before its ; matches nothing', (app) => app.addContentTypeParser(';', tag('semi')), 'a/b; x=1', 'x'],
  ['a key of parameters only matches nothing', (app) => app.addContentTypeParser('; x=1', tag('params')), 'a/b; x=1', 'x'],
  ['a parser failing with a string: the string is the 500 body', (app) => app.addContentTypeParser('x/y', (_r: any, _p: any, done: any) => { done('nope') }), 'x/y', 'x'],
  ['a parser rejecting with a plain object', (app) => app.addContentTypeParser('x/y', { parseAs: 'string' }, async () => { throw { reason: 'nope' } }), 'x/y', 'x'] // eslint-disable-line no-throw-literal
]

// Fixes for Fastify's published advisories, on every entry (docs/security.md, "Advisories"):
// fastify@4.29.1 hands a malformed media type to the catch-all parser (CVE-2026-3419), 5.8.1 refuses it.
const advisoryFixes: Record<string, string> = {
  'a malformed header is refused, even with a catch-all': `415 ${JSON.stringify({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: 'Unsupported Media Type: not a type' })}`
}

t.test('content-type parsers answer as fastify@4.29.1 on the Fastify face, but for advisory fixes', async (t) => {
  for (const [name, setup, contentType, payload] of requests) {
    const expected = advisoryFixes[name] ?? await answer(fastify4, setup, contentType, payload)
    t.equal(await answer(fastifyFace, setup, contentType, payload), expected, name)
  }
  t.equal(await answer(fastify4, (app) => app.addContentTypeParser('*', tag('star')), 'not a type', 'x'), '200 {"body":"star"}', 'fastify@4.29.1 still parses it')
})

t.test('hasContentTypeParser, and the methods after start, as fastify@4.29.1', async (t) => {
  for (const factory of [fastify4, fastifyFace, enclave]) {
    const app = factory()
    app.addContentTypeParser(/^image\/.*/, tag('image'))
    t.same(
      ['application/json', 'text/plain', 'application/json; charset=utf-8', 'APPLICATION/JSON', '*', 'image/png'].map((type) => app.hasContentTypeParser(type)).concat(app.hasContentTypeParser(/^image\/.*/), app.hasContentTypeParser(/json/)),
      [true, true, false, false, false, false, true, false]
    )
    t.equal(typeof app.getDefaultJsonParser('error', 'error'), 'function')
    t.equal(app.getDefaultJsonParser('error', 'error').length, 3, 'the callback form')
    t.equal(app.defaultTextParser.length, 3)
    await app.ready()
    for (const method of ['addContentTypeParser', 'removeContentTypeParser', 'removeAllContentTypeParsers']) {
      t.throws(() => app[method]('a/b', tag('x')), { code: 'FST_ERR_CTP_INSTANCE_ALREADY_STARTED', message: `Cannot call "${method}" when fastify instance is already started!` })
    }
    await app.close()
  }
})

t.test('enclave() differs only where its differences table says', async (t) => {
  const jsonError = `400 ${JSON.stringify({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request', message: "Body is not valid JSON but content-type is set to 'application/json'" })}`
  const unsupported = (type: string) => `415 ${JSON.stringify({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: `Unsupported Media Type: ${type}` })}`
  const differing: Record<string, string> = {
    ...advisoryFixes,
    'json with a suffix reaches the JSON parser': unsupported('application/jsonx'),
    'json inside another type': unsupported('xapplication/json'),
    'json-patch': unsupported('application/json-patch+json'),
    'text/plainx': unsupported('text/plainx'),
    'malformed JSON: the SyntaxError text, no code': jsonError,
    'malformed JSON 2': jsonError,
    'a __proto__ key': jsonError,
    'constructor.prototype': jsonError,
    'keyed, value case': '200 {"body":{"a":1}}'.replace('{"a":1}', '{}'),
    'latest string key first': unsupported('x/yyz'),
    'a key in another case': '200 {"body":"upper"}',
    'getDefaultJsonParser on bad JSON': jsonError,
    'JSON that is not UTF-8': jsonError,
    'JSON with a truncated sequence of the same decoded length': jsonError,
    // exactContentTypeMatching: a RegExp sees the media type alone.
    'a RegExp that spells a ; sees the header as received': unsupported('a/b; x="q"'),
    'such a RegExp is not tried on the media type alone': '200 {"body":"re"}'
  }
  for (const [name, setup, contentType, payload] of requests) {
    const expected = differing[name] ?? await answer(fastify4, setup, contentType, payload)
    t.equal(await answer(enclave, setup, contentType, payload), expected, name)
  }
})

t.test('the difference options switch one behaviour each, on either face', async (t) => {
  const loose = await answer((options) => enclave({ ...options, exactContentTypeMatching: false }), null, 'application/jsonx', '{"a":1}')
  t.equal(loose, '200 {"body":{"a":1}}')
  const raw = await answer(() => enclave({ genericJsonParseErrors: false }), null, 'application/json', '{"a":')
  t.equal(raw, await answer(fastify4, null, 'application/json', '{"a":'))
  const strict = await answer(() => fastifyFace({ exactContentTypeMatching: true, genericJsonParseErrors: true }), null, 'application/jsonx', '{"a":1}')
  t.match(strict, /^415 /)
})

t.test('deep JSON: a 400 on enclave() (jsonNestingLimit 1000), Fastify 4\'s answer on the Fastify face', async (t) => {
  const deep = '['.repeat(5000) + ']'.repeat(5000)
  const fine = '['.repeat(900) + ']'.repeat(900)
  t.match(await answer(enclave, null, 'application/json', deep), /^400 .*FST_ERR_CTP_INVALID_JSON_BODY/)
  t.match(await answer(enclave, null, 'application/json', fine), /^200 /, 'documents under the limit parse')
  t.match(await answer(() => enclave({ jsonNestingLimit: 10 }), null, 'application/json', '[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]'), /^400 /)
  t.equal(await answer(fastifyFace, null, 'application/json', deep), await answer(fastify4, null, 'application/json', deep))
})

t.test('which methods parse a body, with and without a content type or a catch-all parser, as fastify@4.29.1', async (t) => {
  const run = async (factory: (options?: any) => any, method: string, contentType: string | null, catchAll: boolean) => {
    const app = factory()
    if (catchAll) app.addContentTypeParser('*', { parseAs: 'string' }, (_request: any, body: string, done: any) => { done(null, 'any:' + body) })
    app.route({ method, url: '/', handler: async (request: any) => ({ body: request.body ?? null }) })
    const response = await app.inject({ method, url: '/', headers: contentType === null ? {} : { 'content-type': contentType }, payload: '{"a":1}' })
    await app.close()
    return `${response.statusCode} ${response.body}`
  }
  for (const method of ['DELETE', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'SEARCH']) {
    for (const contentType of [null, 'application/json', 'x/y']) {
      for (const catchAll of [false, true]) {
        const expected = await run((options) => Fastify(options), method, contentType, catchAll)
        const label = `${method}, content type ${String(contentType)}, catch-all ${String(catchAll)}`
        t.equal(await run(fastifyFace, method, contentType, catchAll), expected, `fastify face: ${label}`)
        t.equal(await run(enclave, method, contentType, catchAll), expected, `enclave(): ${label}`)
      }
    }
  }
})

t.test('a parser\'s failure reaches the error handler as it is, an Error or not, as fastify@4.29.1', async (t) => {
  const seen = async (factory: (options?: any) => any, thrown: unknown) => {
    const app = factory()
    let received: unknown = 'nothing'
    app.addContentTypeParser('x/y', (_request: any, _payload: any, done: any) => { done(thrown) })
    app.post('/', async () => 'handler')
    app.setErrorHandler((error: unknown, _request: any, reply: any) => { received = error; reply.code(499).send('handled') })
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'x/y' }, payload: 'x' })
    await app.close()
    return [response.statusCode, response.body, received]
  }
  for (const thrown of ['a string', 42, { reason: 'an object' }]) {
    const expected = await seen(fastify4, thrown)
    t.same(expected, [499, 'handled', thrown], `fastify4 hands over ${JSON.stringify(thrown)}`)
    t.same(await seen(fastifyFace, thrown), expected, `fastify face: ${JSON.stringify(thrown)}`)
    t.same(await seen(enclave, thrown), expected, `enclave(): ${JSON.stringify(thrown)}`)
  }
})

t.test('DELETE and OPTIONS with a content type but no body announced are not parsed, as fastify@4.29.1', async (t) => {
  const run = async (factory: (options?: any) => any, method: string, headers: Record<string, string>) => {
    const app = factory()
    app.route({ method, url: '/', handler: async (request: any) => ({ body: request.body === undefined ? 'none' : request.body }) })
    // No payload: light-my-request sends neither Content-Length nor Transfer-Encoding.
    const response = await app.inject({ method, url: '/', headers })
    await app.close()
    return `${response.statusCode} ${response.body}`
  }
  for (const method of ['DELETE', 'OPTIONS', 'POST']) {
    const variants: Array<Record<string, string>> = [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', 'content-length': '0' }, { 'content-type': 'text/plain' }]
    for (const headers of variants) {
      const label = `${method} ${JSON.stringify(headers)}`
      const expected = await run(fastify4, method, headers)
      t.equal(await run(fastifyFace, method, headers), expected, `fastify face: ${label}`)
      t.equal(await run(enclave, method, headers), expected, `enclave(): ${label}`)
    }
  }
  t.equal(await run(fastify4, 'DELETE', { 'content-type': 'application/json' }), '200 {"body":"none"}')
})

t.test('a body stream that fails keeps its status only when it is an error status, else 400, as fastify@4.29.1', async (t) => {
  const run = async (factory: (options?: any) => any, status: unknown) => {
    const app = factory()
    let seen: unknown = 'no onError'
    app.addHook('preParsing', async () => {
      const stream: Readable & { receivedEncodedLength?: number } = new Readable({
        read () { this.destroy(Object.assign(new Error('kaboom'), status === undefined ? {} : { statusCode: status })) }
      })
      stream.receivedEncodedLength = 20
      return stream
    })
    app.addHook('onError', async (_request: any, _reply: any, error: any) => { seen = error.statusCode })
    app.post('/', async () => 'handler')
    const response = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
    await app.close()
    return `${response.statusCode} ${response.body} onError saw ${String(seen)}`
  }
  for (const status of [200, 'teapot', 399, undefined, 404, 503]) {
    const expected = await run(fastify4, status)
    t.equal(await run(fastifyFace, status), expected, `fastify face: ${String(status)}`)
    t.equal(await run(enclave, status), expected, `enclave(): ${String(status)}`)
  }
  t.equal(await run(fastify4, 200), '400 {"statusCode":400,"error":"Bad Request","message":"kaboom"} onError saw 400')
})
