import t from 'tap'
import enclave from '@enclave/core'

function echoApp (options: Record<string, unknown> = {}) {
  const app = enclave(options)
  app.post('/', async (request) => ({ body: request.body ?? null, type: typeof request.body }))
  return app
}

function post (app: any, payload: string | Buffer, contentType?: string, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extraHeaders }
  if (contentType !== undefined) headers['content-type'] = contentType
  return app.inject({ method: 'POST', url: '/', payload, headers })
}

t.test('application/json is parsed, with or without parameters, in any case', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', ' application/json ;charset=UTF-8']) {
    const response = await post(app, '{"a":[1,{"b":null}]}', type)
    t.equal(response.statusCode, 200, type)
    t.same(response.json(), { body: { a: [1, { b: null }] }, type: 'object' })
  }
  t.same((await post(app, '"text"', 'application/json')).json(), { body: 'text', type: 'string' })
  t.same((await post(app, '12.5', 'application/json')).json(), { body: 12.5, type: 'number' })
  t.same((await post(app, 'null', 'application/json')).json(), { body: null, type: 'object' })
})

t.test('malformed JSON is a 400 with Fastify v5\'s generic message, never parser internals (genericJsonParseErrors)', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  for (const payload of ['{"a":', '{a:1}', "{'a':1}", '[1,2,]', 'undefined', '{"a":1}}', Buffer.from([0x7b, 0xff, 0x7d])]) {
    const response = await post(app, payload, 'application/json')
    t.equal(response.statusCode, 400, String(payload))
    t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
    t.same(response.json(), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      error: 'Bad Request',
      message: "Body is not valid JSON but content-type is set to 'application/json'"
    })
  }
})

t.test('an empty JSON body is a 400', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  const response = await post(app, '', 'application/json')
  t.equal(response.statusCode, 400)
  t.same(response.json(), {
    statusCode: 400,
    code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
    error: 'Bad Request',
    message: "Body cannot be empty when content-type is set to 'application/json'"
  })
})

t.test('__proto__ and constructor.prototype in JSON are refused with 400 by default (Fastify v5\'s code on enclave())', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  for (const payload of [
    '{"__proto__":{"isAdmin":true}}',
    '{"nested":{"__proto__":{"isAdmin":true}}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '[{"a":1},{"__proto__":{}}]'
  ]) {
    const response = await post(app, payload, 'application/json')
    t.equal(response.statusCode, 400, payload)
    t.same(response.json(), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      error: 'Bad Request',
      message: "Body is not valid JSON but content-type is set to 'application/json'"
    })
  }
  t.equal(({} as any).isAdmin, undefined, 'no prototype was polluted')
  const harmless = await post(app, '{"constructor":"fine","proto":1}', 'application/json')
  t.equal(harmless.statusCode, 200)
})

t.test('onProtoPoisoning / onConstructorPoisoning: remove strips the keys, ignore keeps them as data', async (t) => {
  const remove = echoApp({ onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove' })
  t.teardown(() => remove.close())
  const removed = await post(remove, '{"a":1,"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', 'application/json')
  t.equal(removed.statusCode, 200)
  t.same(Object.keys(removed.json().body), ['a'], 'both poisoned keys are gone')

  const ignore = enclave({ onProtoPoisoning: 'ignore' })
  t.teardown(() => ignore.close())
  ignore.post('/', async (request: any) => ({ own: Object.keys(request.body), polluted: ({} as any).x === undefined ? 'no' : 'yes' }))
  const ignored = await post(ignore, '{"__proto__":{"x":1}}', 'application/json')
  t.equal(ignored.statusCode, 200)
  t.same(ignored.json().polluted, 'no')
})

t.test('text/plain is parsed as a string', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  const response = await post(app, 'héllo wörld', 'text/plain; charset=utf-8')
  t.equal(response.statusCode, 200)
  t.same(response.json(), { body: 'héllo wörld', type: 'string' })
})

t.test('an unsupported content type is a 415 naming it; so is application/jsonx', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  for (const type of ['application/xml', 'text/html', 'application/jsonx', 'xapplication/json', 'application/json-patch', 'multipart/form-data; boundary=x']) {
    const response = await post(app, '{"a":1}', type)
    t.equal(response.statusCode, 415, type)
    t.same(response.json(), {
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      error: 'Unsupported Media Type',
      message: `Unsupported Media Type: ${type}`
    })
  }
})

t.test('a body without a content type is a 415', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  for (const type of [undefined, '']) {
    const response = await post(app, 'data', type)
    t.equal(response.statusCode, 415)
    t.same(response.json(), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', error: 'Unsupported Media Type', message: 'Unsupported Media Type: undefined' })
  }
  const noBody = await app.inject({ method: 'POST', url: '/' })
  t.equal(noBody.statusCode, 200, 'no body and no content type is fine')
  t.same(noBody.json(), { body: null, type: 'undefined' })
})

t.test('GET and HEAD bodies are not read', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (request) => ({ hasBody: request.body !== undefined }))
  const response = await app.inject({ method: 'GET', url: '/', payload: 'not json', headers: { 'content-type': 'application/json' } })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { hasBody: false })
})

t.test('addContentTypeParser with a string type, parseAs string', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request: any, body: string) => Object.fromEntries(new URLSearchParams(body)))
  const response = await post(app, 'a=1&b=two', 'application/x-www-form-urlencoded')
  t.equal(response.statusCode, 200)
  t.same(response.json(), { body: { a: '1', b: 'two' }, type: 'object' })
})

t.test('addContentTypeParser with an array of types, parseAs buffer, async parser', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  app.addContentTypeParser(['application/octet-stream', 'image/png'], { parseAs: 'buffer' }, async (_request: any, body: Buffer) => ({ bytes: body.length, first: body[0], isBuffer: Buffer.isBuffer(body) }))
  for (const type of ['application/octet-stream', 'image/png']) {
    const response = await post(app, Buffer.from([7, 8, 9]), type)
    t.equal(response.statusCode, 200, type)
    t.same(response.json().body, { bytes: 3, first: 7, isBuffer: true })
  }
})

t.test('addContentTypeParser with a RegExp', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  app.addContentTypeParser(/^application\/.+\+xml$/, { parseAs: 'string' }, (_request: any, body: string) => ({ xml: body }))
  const response = await post(app, '<a/>', 'application/atom+xml')
  t.equal(response.statusCode, 200)
  t.same(response.json().body, { xml: '<a/>' })
  t.equal((await post(app, '<a/>', 'application/xml')).statusCode, 415)
})

t.test('a callback-style parser without parseAs reads the raw stream itself', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  app.addContentTypeParser('text/csv', (_request: any, payload: any, done: (error: Error | null, body?: unknown) => void) => {
    let text = ''
    payload.on('data', (chunk: Buffer) => { text += chunk.toString() })
    payload.on('end', () => done(null, text.trim().split('\n').map((line) => line.split(','))))
    payload.on('error', done)
  })
  const response = await post(app, 'a,b\n1,2\n', 'text/csv')
  t.equal(response.statusCode, 200)
  t.same(response.json().body, [['a', 'b'], ['1', '2']])
})

t.test('a parser error is a 500 unless it carries its own status, as in Fastify', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  app.addContentTypeParser('application/x-bad', { parseAs: 'string' }, () => { throw new Error('cannot parse that') })
  app.addContentTypeParser('application/x-teapot', { parseAs: 'string' }, async () => { throw Object.assign(new Error('teapot'), { statusCode: 418 }) })
  app.addContentTypeParser('application/x-done', { parseAs: 'string' }, (_request: any, _body: string, done: (error: Error) => void) => { done(new Error('done with error')) })
  const bad = await post(app, 'x', 'application/x-bad')
  t.equal(bad.statusCode, 500)
  t.same(bad.json(), { statusCode: 500, error: 'Internal Server Error', message: 'cannot parse that' })
  t.equal((await post(app, 'x', 'application/x-teapot')).statusCode, 418)
  const done = await post(app, 'x', 'application/x-done')
  t.equal(done.statusCode, 500)
  t.equal(done.json().message, 'done with error')
})

t.test('a catch-all parser (*) takes every other type', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  app.addContentTypeParser('*', { parseAs: 'string' }, (request: any, body: string) => ({ caught: request.headers['content-type'] ?? null, body }))
  t.same((await post(app, 'x', 'application/whatever')).json().body, { caught: 'application/whatever', body: 'x' })
  t.same((await post(app, 'y')).json().body, { caught: null, body: 'y' })
  t.same((await post(app, '{"a":1}', 'application/json')).json().body, { a: 1 }, 'exact types still win')
})

t.test('the JSON parser can be replaced once, directly or after removing it; getDefaultJsonParser builds one', async (t) => {
  const direct = echoApp()
  t.teardown(() => direct.close())
  direct.addContentTypeParser('application/json', { parseAs: 'string' }, (_request: any, body: string) => ({ mine: body }))
  t.throws(() => direct.addContentTypeParser('application/json', (_request: any, body: unknown) => body), { code: 'FST_ERR_CTP_ALREADY_PRESENT', message: "Content type parser 'application/json' already present." })
  t.same((await post(direct, '{"a":1}', 'application/json')).json().body, { mine: '{"a":1}' })
  const app = echoApp()
  t.teardown(() => app.close())
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (app as any).getDefaultJsonParser('remove', 'remove'))
  const response = await post(app, '{"a":1,"__proto__":{"x":1}}', 'application/json')
  t.equal(response.statusCode, 200)
  t.same(response.json().body, { a: 1 })
})

t.test('hasContentTypeParser, removeContentTypeParser, removeAllContentTypeParsers', async (t) => {
  const app = echoApp()
  t.teardown(() => app.close())
  const pattern = /^image\//
  app.addContentTypeParser(pattern, { parseAs: 'buffer' }, (_request: any, body: Buffer) => body.length)
  t.equal(app.hasContentTypeParser('application/json'), true)
  t.equal(app.hasContentTypeParser('text/plain'), true)
  t.equal(app.hasContentTypeParser('application/xml'), false)
  t.equal(app.hasContentTypeParser(/^image\//), true)
  app.removeContentTypeParser(['text/plain', pattern])
  t.equal(app.hasContentTypeParser('text/plain'), false)
  t.equal(app.hasContentTypeParser(/^image\//), false)
  t.equal((await post(app, 'hi', 'text/plain')).statusCode, 415)
  t.equal((await post(app, '{"a":1}', 'application/json')).statusCode, 200)

  const bare = echoApp()
  t.teardown(() => bare.close())
  bare.removeAllContentTypeParsers()
  t.equal(bare.hasContentTypeParser('application/json'), false)
  bare.addContentTypeParser('application/yaml', { parseAs: 'string' }, (_request: any, body: string) => ({ yaml: body }))
  t.equal((await post(bare, '{"a":1}', 'application/json')).statusCode, 415)
  t.same((await post(bare, 'a: 1', 'application/yaml')).json().body, { yaml: 'a: 1' })
})

t.test('parsers registered in a plugin apply to its routes only', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.register(async (child) => {
    child.addContentTypeParser('application/x-child', { parseAs: 'string' }, (_request: any, body: string) => ({ child: body }))
    child.post('/child', async (request) => request.body)
  })
  app.post('/root', async (request) => request.body)
  const inChild = await app.inject({ method: 'POST', url: '/child', payload: 'x', headers: { 'content-type': 'application/x-child' } })
  t.same(inChild.json(), { child: 'x' })
  const atRoot = await app.inject({ method: 'POST', url: '/root', payload: 'x', headers: { 'content-type': 'application/x-child' } })
  t.equal(atRoot.statusCode, 415)
})

t.test('addContentTypeParser rejects bad arguments with catalogue errors', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  t.throws(() => app.addContentTypeParser('', () => 1), { code: 'FST_ERR_CTP_EMPTY_TYPE' })
  t.throws(() => app.addContentTypeParser(5 as any, () => 1), { code: 'FST_ERR_CTP_INVALID_TYPE' })
  t.doesNotThrow(() => app.addContentTypeParser([] as any, () => 1), 'an empty list adds nothing, as in Fastify')
  t.throws(() => app.addContentTypeParser('a/b', {}, 'x' as any), { code: 'FST_ERR_CTP_INVALID_HANDLER' })
  t.throws(() => app.addContentTypeParser('a/b', 'x' as any), TypeError, 'a string as options: Fastify writes the limit onto it')
  t.throws(() => app.addContentTypeParser('a/b', { parseAs: 'json' as any }, () => 1), { code: 'FST_ERR_CTP_INVALID_PARSE_TYPE' })
  t.doesNotThrow(() => app.addContentTypeParser('a/b', { bodyLimit: 0 }, () => 1), 'a parser\'s bodyLimit is not checked, as in Fastify (0: the server\'s limit)')
  await app.ready()
  t.throws(() => app.addContentTypeParser('a/c', () => 1), { code: 'FST_ERR_CTP_INSTANCE_ALREADY_STARTED', message: 'Cannot call "addContentTypeParser" when fastify instance is already started!' })
  t.throws(() => app.removeContentTypeParser('a/b'), { code: 'FST_ERR_CTP_INSTANCE_ALREADY_STARTED' })
  t.throws(() => app.removeAllContentTypeParsers(), { code: 'FST_ERR_CTP_INSTANCE_ALREADY_STARTED' })
})
