/**
 * Cases any runtime that serves `app.fetch` must answer alike: a request to the app of
 * cases-app.ts and what must come back. Each runtime's harness sends them over its own server;
 * `body` is matched as JSON when it is an object (tap's `t.match`), as text when a string.
 */
export interface RuntimeCase {
  name: string
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string
  /** A body of unknown length, sent as these chunks (a stream, `Transfer-Encoding: chunked` on the wire). */
  bodyChunks?: string[]
  status: number
  responseHeaders?: Record<string, string | RegExp | null>
  json?: unknown
  /** The body is compressed (`Content-Encoding`): checked as a client that decodes it reads it. */
  encoded?: boolean
  text?: string | RegExp
}

const json = { 'content-type': 'application/json' }
// The cross-runtime suite's plugin cases (integration-tests/runtimes/suite/cases.mjs), same secrets.
const token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZGEifQ.A1SwQn4-B8n0R1oXXK9-Mug-eyCDGnSKqSuxlvNbczA'
const signedCookie = 'signed=yes.YljoR69TGRlAmDHLb7vFDma4xFzYM4JRQzoJurGSJs8'
const tag = '"WtmwEtTkPuNEeYsQo1/3/1wGtsU="'
const multipart = { 'content-type': 'multipart/form-data; boundary=worker-boundary' }
const upload = [
  '--worker-boundary', 'Content-Disposition: form-data; name="note"', '', 'a small upload',
  '--worker-boundary', 'Content-Disposition: form-data; name="doc"; filename="notes.txt"', 'Content-Type: text/plain', '', 'line one\nline two',
  '--worker-boundary--', ''
].join('\r\n')

export const cases: RuntimeCase[] = [
  // routing
  { name: 'a static route', path: '/routing/static', status: 200, json: { route: 'static' } },
  { name: 'a parametric route coerces its param', path: '/routing/items/7', status: 200, json: { id: 7 } },
  { name: 'a param that fails its schema', path: '/routing/items/seven', status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'params/id should be integer' } },
  { name: 'a wildcard route', path: '/routing/files/a/b.txt', status: 200, json: { rest: 'a/b.txt' } },
  { name: 'querystring defaults and arrays', path: '/routing/query?tag=x', status: 200, json: { n: 1, tag: ['x'] } },
  { name: 'a version-constrained route: one version', path: '/routing/versioned', headers: { 'accept-version': '1.x' }, status: 200, json: { version: '1.2.0' } },
  { name: 'a version-constrained route: the other version', path: '/routing/versioned', headers: { 'accept-version': '2.x' }, status: 200, json: { version: '2.0.0' } },
  { name: 'a version-constrained route without a version', path: '/routing/versioned', status: 404 },
  { name: 'an unknown route answers Fastify\'s 404', path: '/nowhere', status: 404, json: { message: 'Route GET:/nowhere not found', error: 'Not Found', statusCode: 404 } },
  { name: 'HEAD of a GET route has no body', method: 'HEAD', path: '/routing/static', status: 200, text: '' },
  // hooks
  { name: 'onRequest, preHandler and onSend hooks run', path: '/hooks', status: 200, responseHeaders: { 'x-on-request': 'GET', 'x-on-send': 'yes' }, json: { stamp: 'pre-handler' } },
  // validation
  { name: 'Ajv accepts a valid body', method: 'POST', path: '/validation/ajv', headers: json, body: '{"name":"a","id":"3"}', status: 200, json: { name: 'a', id: 3 } },
  { name: 'Ajv refuses an invalid body', method: 'POST', path: '/validation/ajv', headers: json, body: '{"id":1}', status: 400, json: { statusCode: 400, error: 'Bad Request', message: "body should have required property 'name'" } },
  { name: 'a route schema that is a shared schema', method: 'POST', path: '/validation/shared-id', headers: json, body: '{}', status: 400, json: { message: "body should have required property 'name'" } },
  { name: 'zod accepts a valid body', method: 'POST', path: '/validation/zod', headers: json, body: '{"name":"z","age":3}', status: 200, json: { name: 'z', age: 3 } },
  { name: 'zod refuses an invalid body', method: 'POST', path: '/validation/zod', headers: json, body: '{"name":"z","age":"x"}', status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'body/age should be number' } },
  // response schemas
  { name: 'a response schema drops undeclared properties', path: '/serialization/item', status: 200, text: '{"name":"a","id":1}' },
  { name: 'anyOf in a response schema: the first branch', path: '/serialization/any-of/number', status: 200, text: '{"value":42}' },
  { name: 'anyOf in a response schema: the second branch', path: '/serialization/any-of/object', status: 200, text: '{"value":{"text":"hi"}}' },
  { name: 'a string sent without a content type goes out without one', path: '/serialization/untyped', status: 200, responseHeaders: { 'content-type': null }, text: 'untyped' },
  { name: 'a stream reply is the body', path: '/serialization/stream', status: 200, responseHeaders: { 'content-type': /^text\/plain/ }, text: 'one two three' },
  { name: 'a stream reply keeps the length the app declared', path: '/serialization/stream/sized', status: 200, responseHeaders: { 'content-length': '13', 'transfer-encoding': null }, text: 'one two three' },
  // bearer-auth
  { name: 'bearer-auth without a key', path: '/auth/secret', status: 401, responseHeaders: { 'www-authenticate': /^Bearer realm=/ }, json: { error: 'missing authorization header' } },
  { name: 'bearer-auth with a wrong key', path: '/auth/secret', headers: { authorization: 'Bearer nope' }, status: 401, responseHeaders: { 'www-authenticate': /error="invalid_token"/ } },
  { name: 'bearer-auth with the key', path: '/auth/secret', headers: { authorization: 'Bearer worker-key' }, status: 200, json: { secret: 42 } },
  // errors
  { name: 'an error with a status code', path: '/errors/teapot', status: 418, json: { statusCode: 418, code: 'APP_TEAPOT', error: "I'm a Teapot", message: 'short and stout' } },
  { name: 'a crash answers 500 without a stack', path: '/errors/crash', status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'internal detail' }, text: /^[^\n]*$/ },
  { name: '@fastify/sensible\'s reply helpers', path: '/errors/sensible', status: 404, json: { statusCode: 404, error: 'Not Found', message: 'no such thing' } },
  // body limits and bad input
  { name: 'a body over the route\'s bodyLimit', method: 'POST', path: '/limits/small', headers: json, body: '{"padding":"0123456789012345678901234567890123456789"}', status: 413, json: { code: 'FST_ERR_CTP_BODY_TOO_LARGE' } },
  { name: 'a body over the server\'s bodyLimit', method: 'POST', path: '/validation/ajv', headers: json, body: JSON.stringify({ name: 'x'.repeat(2000) }), status: 413, json: { code: 'FST_ERR_CTP_BODY_TOO_LARGE' } },
  { name: 'malformed JSON', method: 'POST', path: '/validation/ajv', headers: json, body: '{"name":', status: 400, json: { code: 'FST_ERR_CTP_INVALID_JSON_BODY' } },
  { name: 'a content type no parser takes', method: 'POST', path: '/validation/ajv', headers: { 'content-type': 'text/xml' }, body: '<a/>', status: 415, json: { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' } },
  { name: 'application/jsonx is not JSON', method: 'POST', path: '/validation/ajv', headers: { 'content-type': 'application/jsonx' }, body: '{"name":"a"}', status: 415 },
  { name: 'a prototype-poisoning body', method: 'POST', path: '/validation/ajv', headers: json, body: '{"name":"a","__proto__":{"admin":true}}', status: 400 },
  { name: 'a malformed percent-encoding in the path', path: '/routing/items/%E0%A4%A', status: 400 },
  { name: 'a malformed percent-encoding in the querystring is read as it is', path: '/routing/query?tag=%E0%A4%A', status: 200, json: { n: 1, tag: ['%E0%A4%A'] } },
  { name: 'a JSON body sent as text/plain meets the body schema as a string', method: 'POST', path: '/validation/ajv', headers: { 'content-type': 'text/plain' }, body: '{"name":"a"}', status: 400, json: { statusCode: 400, message: 'body should be object' } },
  { name: 'a streamed body under the limit', method: 'POST', path: '/validation/ajv', headers: json, bodyChunks: ['{"na', 'me":"s', 'treamed"}'], status: 200, json: { name: 'streamed' } },
  // streaming replies and the raw objects plugins use
  { name: 'a Web ReadableStream reply is the body', path: '/raw/web-stream', status: 200, text: 'web,stream' },
  { name: 'a parser reading request.raw as a Node stream', method: 'POST', path: '/raw/echo?q=1', headers: { 'content-type': 'application/x-raw' }, body: 'raw bytes', status: 200, json: { raw: 'raw bytes', url: '/raw/echo?q=1' } },
  { name: 'reply.hijack() answers with what reply.raw wrote', path: '/raw/hijack', status: 203, responseHeaders: { 'x-hijacked': 'yes' }, text: 'written by hand' },
  { name: 'reply.trailer(): the body is sent without its trailers', path: '/raw/trailers', status: 200, responseHeaders: { trailer: null }, text: 'body without its trailers' },
  // official plugins
  { name: '@fastify/cors answers a preflight', method: 'OPTIONS', path: '/plugins/hello', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' }, status: 204, responseHeaders: { 'access-control-allow-origin': 'https://app.example' } },
  { name: '@fastify/helmet sets its headers', path: '/plugins/hello', headers: { origin: 'https://app.example' }, status: 200, responseHeaders: { 'x-content-type-options': 'nosniff', 'content-security-policy': /default-src 'self'/, 'access-control-allow-origin': 'https://app.example' }, json: { hello: 'plugins' } },
  { name: '@fastify/cookie: cookies set, one signed', path: '/more/cookie/set', status: 200, responseHeaders: { 'set-cookie': `flavour=oat; Path=/; HttpOnly, ${signedCookie}` }, json: { ok: true } },
  { name: '@fastify/cookie: cookies read, the signature checked', path: '/more/cookie/read', headers: { cookie: `flavour=oat; ${signedCookie}` }, status: 200, json: { flavour: 'oat', signed: 'yes' } },
  { name: '@fastify/cookie: a forged signature is not a value', path: '/more/cookie/read', headers: { cookie: `${signedCookie.slice(0, -2)}xx` }, status: 200, json: { flavour: null, signed: null } },
  { name: '@fastify/formbody: a urlencoded form, a repeated field', method: 'POST', path: '/more/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=two+words&b=x', status: 200, json: { a: '1', b: ['two words', 'x'] } },
  { name: '@fastify/rate-limit: a first request, counted by cf-connecting-ip', path: '/more/limited', headers: { 'cf-connecting-ip': '203.0.113.1' }, status: 200, responseHeaders: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1' }, json: { ok: true } },
  { name: '@fastify/rate-limit: a second request', path: '/more/limited', headers: { 'cf-connecting-ip': '203.0.113.1' }, status: 200, responseHeaders: { 'x-ratelimit-remaining': '0' } },
  { name: '@fastify/rate-limit: a third request: 429', path: '/more/limited', headers: { 'cf-connecting-ip': '203.0.113.1' }, status: 429, responseHeaders: { 'retry-after': '60' }, json: { statusCode: 429, error: 'Too Many Requests' } },
  { name: '@fastify/rate-limit: another client has its own count', path: '/more/limited', headers: { 'cf-connecting-ip': '203.0.113.2' }, status: 200, responseHeaders: { 'x-ratelimit-remaining': '1' } },
  { name: '@fastify/jwt: sign', path: '/more/jwt/sign', status: 200, json: { token } },
  { name: '@fastify/jwt: verify', path: '/more/jwt/me', headers: { authorization: `Bearer ${token}` }, status: 200, json: { sub: 'ada' } },
  { name: '@fastify/jwt: a forged token: 401', path: '/more/jwt/me', headers: { authorization: `Bearer ${token.slice(0, -2)}xx` }, status: 401, json: { statusCode: 401, code: 'FST_JWT_AUTHORIZATION_TOKEN_INVALID' } },
  { name: '@fastify/etag: an ETag', path: '/more/etag', status: 200, responseHeaders: { etag: tag }, json: { tagged: true } },
  { name: '@fastify/etag: If-None-Match: 304', path: '/more/etag', headers: { 'if-none-match': tag }, status: 304, text: '' },
  { name: '@fastify/multipart: request.file(), a file and a field', method: 'POST', path: '/more/upload', headers: multipart, body: upload, status: 200, json: { field: 'doc', filename: 'notes.txt', mimetype: 'text/plain', content: 'line one\nline two', note: 'a small upload' } },
  { name: '@fastify/multipart: saveRequestFiles(), a temporary file read back', method: 'POST', path: '/more/upload-saved', headers: multipart, body: upload, status: 200, json: { filename: 'notes.txt', content: 'line one\nline two' } },
  { name: '@fastify/multipart: attachFieldsToBody, in memory', method: 'POST', path: '/more/upload-attached', headers: multipart, body: upload, status: 200, json: { filename: 'notes.txt', mimetype: 'text/plain', content: 'line one\nline two', note: 'a small upload' } },
  { name: '@fastify/compress: gzip when asked, the body encoded once', path: '/more/compressed', headers: { 'accept-encoding': 'gzip' }, status: 200, responseHeaders: { 'content-encoding': 'gzip', vary: 'accept-encoding' }, encoded: true, json: { text: 'compress me '.repeat(20) } },
  { name: '@fastify/swagger: the OpenAPI document', path: '/more/docs/json', status: 200, json: { openapi: '3.0.3', paths: { '/more/documented/{id}': { get: { parameters: [{ in: 'path', name: 'id', schema: { type: 'integer' } }] } } } } }
]
