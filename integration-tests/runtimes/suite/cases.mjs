// The cross-runtime cases: one request each against app.mjs, and what must come back, the same on
// every runtime and every way of serving (integration-tests/test/runtimes-cross-runtime.test.ts).
// `headers` lists the response headers checked (null: must be absent), `headersServedBy` what one
// runtime's server writes instead (by "<runtime> <mode>"); `json` or `text` the body.
import { apiKey } from './app.mjs'

const json = { 'content-type': 'application/json' }
const plainText = { 'content-type': 'text/plain' }
const token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZGEifQ.A1SwQn4-B8n0R1oXXK9-Mug-eyCDGnSKqSuxlvNbczA'
const boundary = 'suite-boundary'
const upload = [
  `--${boundary}`, 'Content-Disposition: form-data; name="note"', '', 'a small upload',
  `--${boundary}`, 'Content-Disposition: form-data; name="doc"; filename="notes.txt"', 'Content-Type: text/plain', '', 'line one\nline two',
  `--${boundary}--`, ''
].join('\r\n')
const person = JSON.stringify({ name: 'Ada', age: 36 })
const badPerson = JSON.stringify({ name: '', age: -1 })

/** A body of raw bytes: numbers as they are, strings as UTF-8. */
function bytesOf (...parts) {
  const bytes = []
  for (const part of parts) bytes.push(...(typeof part === 'string' ? new TextEncoder().encode(part) : part))
  return new Uint8Array(bytes)
}

/** A request body of unknown length, sent as `parts`, one chunk each. */
function streamOf (parts) {
  const encoder = new TextEncoder()
  let next = 0
  return new ReadableStream({ pull (controller) { if (next === parts.length) controller.close(); else controller.enqueue(encoder.encode(parts[next++])) } })
}

export const cases = [
  // Routing
  { name: 'static route', request: { path: '/' }, expect: { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'x-app-hook': '1' }, json: { hello: 'world' } } },
  { name: 'parametric route, coerced by its params schema', request: { path: '/items/42' }, expect: { status: 200, json: { id: 42 } } },
  { name: 'wildcard route', request: { path: '/files/a/b/c.txt' }, expect: { status: 200, json: { path: 'a/b/c.txt' } } },
  { name: 'one route, several methods', request: { method: 'PATCH', path: '/things' }, expect: { status: 200, json: { method: 'PATCH' } } },
  { name: 'querystring', request: { path: '/query?a=1&b=x&b=y' }, expect: { status: 200, json: { query: { a: '1', b: ['x', 'y'] } } } },
  { name: 'text reply', request: { path: '/text' }, expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': '10' }, text: 'plain text' } },
  { name: 'a text reply\'s content-length counts bytes', request: { path: '/text/utf8' }, expect: { status: 200, headers: { 'content-length': '17' }, text: 'héllo wörld ✓' } },
  { name: 'an empty reply says content-length 0', request: { path: '/text/empty' }, expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': '0' }, text: '' } },
  { name: 'a bytes reply', request: { path: '/bytes' }, expect: { status: 200, headers: { 'content-type': 'application/octet-stream', 'content-length': '4' } } },
  { name: 'HEAD route: headers, no body', request: { method: 'HEAD', path: '/probe' }, expect: { status: 200, headers: { 'x-probe': 'yes' }, text: '' } },
  { name: 'HEAD of a GET route keeps its content-length', request: { method: 'HEAD', path: '/text' }, expect: { status: 200, headers: { 'content-length': '10' }, text: '' } },
  { name: 'unknown route: 404 with hooks run', request: { path: '/nowhere' }, expect: { status: 404, headers: { 'x-app-hook': '1' }, json: { message: 'Route GET:/nowhere not found', error: 'Not Found', statusCode: 404 } } },
  { name: 'a method the route does not have: 404', request: { method: 'DELETE', path: '/things' }, expect: { status: 404, json: { message: 'Route DELETE:/things not found', error: 'Not Found', statusCode: 404 } } },

  // Encapsulation and hooks
  { name: 'a plugin\'s decorator and hooks apply inside it', request: { path: '/inner/whoami' }, expect: { status: 200, headers: { 'x-inner': 'yes', 'x-app-hook': '1' }, json: { tenant: 'acme' } } },
  { name: 'and not outside it', request: { path: '/outer' }, expect: { status: 200, headers: { 'x-inner': null }, json: { tenant: null, inner: null } } },

  // The four compilers
  ...['ajv', 'zod', 'joi', 'yup'].flatMap((compiler) => [
    { name: `${compiler}: a valid body reaches the handler`, request: { method: 'POST', path: `/compilers/${compiler}`, headers: json, body: person }, expect: { status: 200, json: { compiler, body: { name: 'Ada', age: 36 } } } },
    { name: `${compiler}: an invalid body is a 400`, request: { method: 'POST', path: `/compilers/${compiler}`, headers: json, body: badPerson }, expect: { status: 400, jsonMatch: { statusCode: 400, error: 'Bad Request' } } }
  ]),

  // Response schemas
  { name: 'response schema drops undeclared properties', request: { path: '/user' }, expect: { status: 200, json: { id: 1, name: 'Ada' } } },

  // Bearer auth
  { name: 'bearer-auth: no key', request: { path: '/private/stats' }, expect: { status: 401, json: { error: 'missing authorization header' } } },
  { name: 'bearer-auth: wrong key', request: { path: '/private/stats', headers: { authorization: 'Bearer nope' } }, expect: { status: 401, json: { error: 'invalid authorization header' } } },
  { name: 'bearer-auth: right key', request: { path: '/private/stats', headers: { authorization: `Bearer ${apiKey}` } }, expect: { status: 200, json: { ok: true } } },

  // Error handling
  { name: 'an error\'s statusCode is the answer\'s', request: { path: '/errors/teapot' }, expect: { status: 418, json: { statusCode: 418, error: 'I\'m a Teapot', message: 'short and stout' } } },
  { name: 'a thrown error answers 500 with its message, as in Fastify', request: { path: '/errors/crash' }, expect: { status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'database password is hunter2' } } },
  { name: 'a context\'s error handler', request: { path: '/handled/conflict' }, expect: { status: 409, json: { handled: 'taken' } } },

  // Bodies and limits
  { name: 'a streamed reply', request: { path: '/stream' }, expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, text: 'one,two,three' } },
  { name: 'a DELETE without a body reaches its handler', request: { method: 'DELETE', path: '/things/7' }, expect: { status: 200, json: { deleted: '7' } } },
  { name: 'a JSON body round trip', request: { method: 'POST', path: '/echo', headers: json, body: JSON.stringify({ nested: { list: [1, 'two', null] }, unicode: 'héllo ✓' }) }, expect: { status: 200, json: { nested: { list: [1, 'two', null] }, unicode: 'héllo ✓' } } },
  // JSON bodies at the edges of UTF-8, on enclave() (its generic JSON errors read bytes) and on the v5 face
  ...[['suite', (body) => body], ['v5', (body) => ({ body })]].flatMap(([app, echoed]) => [
    { app, name: `${app}: a JSON body after a BOM`, request: { method: 'POST', path: '/echo', headers: json, body: bytesOf([0xef, 0xbb, 0xbf], '{"bom":"é"}') }, expect: { status: 200, json: echoed({ bom: 'é' }) } },
    { app, name: `${app}: a JSON body that is only a BOM is invalid JSON, not an empty body`, request: { method: 'POST', path: '/echo', headers: json, body: bytesOf([0xef, 0xbb, 0xbf]) }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' } } },
    // The runtime's decoding drops one BOM and the parser drops one: two are one too many, as on Node.
    { app, name: `${app}: a JSON body after two BOMs is invalid JSON`, request: { method: 'POST', path: '/echo', headers: json, body: bytesOf([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], '{"x":1}') }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' } } },
    { app, name: `${app}: an empty JSON body`, request: { method: 'POST', path: '/echo', headers: json, body: '' }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' } } }
  ]),
  { name: 'suite: bytes that are not UTF-8 in a JSON body are invalid JSON (genericJsonParseErrors)', request: { method: 'POST', path: '/echo', headers: json, body: bytesOf('{"a":"', [0xff, 0xe2, 0x82], '!"}') }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' } } },
  // A text body as Node decodes it (Fastify 4 measures that text against Content-Length, which a
  // Request made in code has only when given): a BOM kept, bytes that are not UTF-8 replaced, and
  // refused where the replacements change its length.
  { name: 'a text body keeps its BOM', request: { method: 'POST', path: '/echo/characters', headers: plainText, body: bytesOf([0xef, 0xbb, 0xbf], 'abc') }, expect: { status: 200, json: { characters: [0xfeff, 0x61, 0x62, 0x63] } } },
  { name: 'a text body with U+FFFD in it', request: { method: 'POST', path: '/echo', headers: plainText, body: 'a\ufffdb' }, expect: { status: 200, text: 'a\ufffdb' } },
  { name: 'a text body whose bytes that are not UTF-8 keep its length once replaced', request: { method: 'POST', path: '/echo', headers: plainText, body: bytesOf('a', [0xf0, 0x9f, 0x98], 'b') }, expect: { status: 200, text: 'a\ufffdb' } },
  { name: 'a text body whose bytes that are not UTF-8 grow once replaced: its length no longer matches', request: { method: 'POST', path: '/echo', headers: { ...plainText, 'content-length': '3' }, body: bytesOf('a', [0xff], 'b') }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' } } },
  { name: 'the same after a BOM', request: { method: 'POST', path: '/echo', headers: { ...plainText, 'content-length': '8' }, body: bytesOf([0xef, 0xbb, 0xbf], 'a', [0xff], [0xe2, 0x82], 'b') }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' } } },
  { name: 'suite: a JSON body with U+FFFD in a string (valid UTF-8)', request: { method: 'POST', path: '/echo', headers: json, body: '{"a":"\ufffd"}' }, expect: { status: 200, json: { a: '\ufffd' } } },
  { name: 'suite: a JSON body whose bytes that are not UTF-8 keep its length once replaced is refused (genericJsonParseErrors)', request: { method: 'POST', path: '/echo', headers: json, body: bytesOf('{"a":"', [0xf0, 0x9f, 0x98], '"}') }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' } } },
  { app: 'v5', name: 'v5: bytes that are not UTF-8 in a JSON string become U+FFFD, as Fastify 5 reads them', request: { method: 'POST', path: '/echo', headers: json, body: bytesOf([0xef, 0xbb, 0xbf], '{"a":"', [0xff, 0xe2, 0x82, 0xf0, 0x90, 0x80], '!"}') }, expect: { status: 200, json: { body: { a: '\ufffd\ufffd\ufffd!' } } } },
  { name: 'a body under the route\'s limit', request: { method: 'POST', path: '/small', headers: json, body: JSON.stringify({ a: 'x'.repeat(20) }) }, expect: { status: 200, json: { length: 28 } } },
  { name: 'a body over the route\'s limit: 413', request: { method: 'POST', path: '/small', headers: json, body: JSON.stringify({ a: 'x'.repeat(200) }) }, expect: { status: 413, jsonMatch: { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' } } },

  // Streaming both ways, and the raw objects plugins use
  { name: 'a streamed request body over the route\'s limit: 413 while reading', request: { method: 'POST', path: '/upload/small', headers: json, body: () => streamOf(['[', ...Array(64).fill('1,'.repeat(2048)), '1]']) }, expect: { status: 413, jsonMatch: { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' } } },
  { name: 'a streamed request body under the limit', request: { method: 'POST', path: '/upload/small', headers: json, body: () => streamOf(['{"a"', ':"x', 'yz"}']) }, expect: { status: 200, json: { length: 11 } } },
  { name: 'a string sent without a content type goes out without one', request: { path: '/untyped' }, expect: { status: 200, headers: { 'content-type': null }, headersServedBy: { 'Bun Bun.serve': { 'content-type': 'application/octet-stream' } }, text: 'untyped' } },
  { name: 'HEAD of a streamed route: no length, as its GET answer has none', request: { method: 'HEAD', path: '/stream' }, expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': null }, text: '' } },
  { name: 'a Web ReadableStream reply', request: { path: '/stream/web' }, expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, text: 'web,stream' } },
  { name: 'an async generator reply', request: { path: '/stream/generator' }, expect: { status: 200, text: 'asyncgen' } },
  { name: 'a parser reads request.raw as a stream', request: { method: 'POST', path: '/raw/echo?q=1', headers: { 'content-type': 'application/x-raw' }, body: 'raw bytes' }, expect: { status: 200, json: { raw: 'raw bytes', url: '/raw/echo?q=1', method: 'POST' } } },
  { name: 'reply.hijack() answers with what reply.raw wrote', request: { path: '/raw/hijack' }, expect: { status: 203, headers: { 'x-hijacked': 'yes', 'content-type': 'text/plain' }, text: 'written by hand' } },
  { name: 'reply.trailer(): the body is sent', request: { path: '/trailers' }, expect: { status: 200, text: 'body without its trailers' } },
  { name: 'a complete answer', request: { path: '/signal/complete' }, expect: { status: 200, text: 'complete' } },
  { name: 'is not the client leaving: request.signal stays unaborted', request: { path: '/signal/after' }, expect: { status: 200, json: { signalAborted: false } } },
  { name: 'the client leaves a streamed reply', request: { path: '/abort/stream', leaveAfterFirstChunk: true }, expect: { status: 200, headers: { 'content-type': 'text/plain' } } },
  { name: 'and the app saw it leave: the source is destroyed, onRequestAbort ran, request.signal aborted', request: { path: '/abort/seen' }, expect: { status: 200, json: { destroyed: true, hook: true, signal: true } } },
  { name: 'the client leaves in the middle of an upload', request: { method: 'POST', path: '/abort/upload', headers: json, leaveMidUpload: true }, expect: { status: 0, text: 'left before an answer' } },
  { name: 'and the app saw it leave: onRequestAbort ran, the handler did not', request: { path: '/abort/upload/seen' }, expect: { status: 200, json: { hook: true, handler: false } } },

  // Bad input
  { name: 'malformed JSON: 400', request: { method: 'POST', path: '/echo', headers: json, body: '{"a":' }, expect: { status: 400, jsonMatch: { statusCode: 400, error: 'Bad Request' } } },
  { name: 'a content type no parser takes: 415', request: { method: 'POST', path: '/echo', headers: { 'content-type': 'application/x-unknown' }, body: 'x' }, expect: { status: 415, jsonMatch: { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' } } },
  { name: 'a params value of the wrong type: 400', request: { path: '/items/abc' }, expect: { status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'params/id should be integer' } } },
  { name: 'a JSON body sent as text/plain: 400 from the body schema', request: { method: 'POST', path: '/compilers/ajv', headers: { 'content-type': 'text/plain' }, body: person }, expect: { status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'body should be object' } } },
  { name: 'a path with bad percent-encoding: 400', request: { path: '/items/%E0%A4%A' }, expect: { status: 400, jsonMatch: { statusCode: 400, code: 'FST_ERR_BAD_URL' } } },
  { name: 'a querystring with bad percent-encoding is read as it is', request: { path: '/query?a=%E0%A4%A&b=%' }, expect: { status: 200, json: { query: { a: '%E0%A4%A', b: '%' } } } },
  { name: 'prototype poisoning in a body: 400', request: { method: 'POST', path: '/echo', headers: json, body: '{"__proto__":{"admin":true}}' }, expect: { status: 400, jsonMatch: { statusCode: 400, error: 'Bad Request' } } },

  // Official plugins
  { name: '@fastify/cors: preflight', request: { method: 'OPTIONS', path: '/plugins/cors', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' } }, expect: { status: 204, headers: { 'access-control-allow-origin': 'https://app.example' } } },
  { name: '@fastify/cors: simple request', request: { path: '/plugins/cors', headers: { origin: 'https://app.example' } }, expect: { status: 200, headers: { 'access-control-allow-origin': 'https://app.example' }, json: { ok: true } } },
  { name: '@fastify/helmet: security headers', request: { path: '/plugins/helmet' }, expect: { status: 200, headers: { 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff', 'strict-transport-security': 'max-age=15552000; includeSubDomains' }, json: { ok: true } } },
  { name: '@fastify/sensible: reply.notFound()', request: { path: '/plugins/sensible' }, expect: { status: 404, json: { statusCode: 404, error: 'Not Found', message: 'no such gadget' } } },
  // More official plugins (more-plugins.mjs)
  { name: '@fastify/cookie: cookies set, one signed', request: { path: '/more/cookie/set' }, expect: { status: 200, headers: { 'set-cookie': 'flavour=oat; Path=/; HttpOnly, signed=yes.YljoR69TGRlAmDHLb7vFDma4xFzYM4JRQzoJurGSJs8' }, json: { ok: true } } },
  { name: '@fastify/cookie: cookies read, the signature checked', request: { path: '/more/cookie/read', headers: { cookie: 'flavour=oat; signed=yes.YljoR69TGRlAmDHLb7vFDma4xFzYM4JRQzoJurGSJs8' } }, expect: { status: 200, json: { flavour: 'oat', signed: 'yes' } } },
  { name: '@fastify/formbody: a urlencoded form', request: { method: 'POST', path: '/more/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=two+words&b=x' }, expect: { status: 200, json: { a: '1', b: ['two words', 'x'] } } },
  { name: '@fastify/rate-limit: first request', request: { path: '/more/limited', headers: { 'x-client': 'c1' } }, expect: { status: 200, headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1' }, json: { ok: true } } },
  { name: '@fastify/rate-limit: second request', request: { path: '/more/limited', headers: { 'x-client': 'c1' } }, expect: { status: 200, headers: { 'x-ratelimit-remaining': '0' } } },
  { name: '@fastify/rate-limit: third request: 429', request: { path: '/more/limited', headers: { 'x-client': 'c1' } }, expect: { status: 429, headers: { 'retry-after': '60' }, jsonMatch: { statusCode: 429, error: 'Too Many Requests' } } },
  { name: '@fastify/rate-limit: another client has its own count', request: { path: '/more/limited', headers: { 'x-client': 'c2' } }, expect: { status: 200 } },
  { name: '@fastify/jwt: sign', request: { path: '/more/jwt/sign' }, expect: { status: 200, json: { token } } },
  { name: '@fastify/jwt: verify', request: { path: '/more/jwt/me', headers: { authorization: `Bearer ${token}` } }, expect: { status: 200, json: { sub: 'ada' } } },
  { name: '@fastify/jwt: a forged token: 401', request: { path: '/more/jwt/me', headers: { authorization: `Bearer ${token.slice(0, -2)}xx` } }, expect: { status: 401, jsonMatch: { statusCode: 401, code: 'FST_JWT_AUTHORIZATION_TOKEN_INVALID' } } },
  { name: '@fastify/etag: an ETag', request: { path: '/more/etag' }, expect: { status: 200, headers: { etag: '"WtmwEtTkPuNEeYsQo1/3/1wGtsU="' }, json: { tagged: true } } },
  { name: '@fastify/etag: If-None-Match: 304', request: { path: '/more/etag', headers: { 'if-none-match': '"WtmwEtTkPuNEeYsQo1/3/1wGtsU="' } }, expect: { status: 304, text: '' } },
  { name: '@fastify/multipart: a small upload', request: { method: 'POST', path: '/more/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: upload }, expect: { status: 200, json: { field: 'doc', filename: 'notes.txt', mimetype: 'text/plain', content: 'line one\nline two', note: 'a small upload' } } },
  { name: '@fastify/static: a file', request: { path: '/more/static/hello.txt' }, expect: { status: 200, headers: { 'content-type': 'text/plain; charset=UTF-8' }, text: 'hello from a file\n' } },
  { name: '@fastify/static: a missing file: 404', request: { path: '/more/static/nope.txt' }, expect: { status: 404 } },
  { name: '@fastify/compress: gzip when asked', request: { path: '/more/compressed', headers: { 'accept-encoding': 'gzip' } }, expect: { status: 200, headers: { 'content-encoding': 'gzip', vary: 'accept-encoding' } } },
  { name: '@fastify/swagger: the OpenAPI document', request: { path: '/more/docs/json' }, expect: { status: 200, jsonMatch: { openapi: '3.0.3', paths: { '/more/documented/{id}': { get: { parameters: [{ in: 'path', name: 'id', schema: { type: 'integer' } }] } } } } } },
  { name: '@fastify/swagger-ui: the page and its static files', request: { path: '/more/docs/static/swagger-ui.css' }, expect: { status: 200, headers: { 'content-type': 'text/css; charset=UTF-8' } } },
  // Held-out apps (served-apps.mjs), as their own tests drive them through inject()
  { app: 'blog', name: 'blog: a login sets its cookie, onSend adds cache-control', request: { method: 'POST', path: '/login', headers: json, body: '{"name":"ada"}' }, expect: { status: 200, headers: { 'set-cookie': 'visitor=ada; Path=/; HttpOnly', 'cache-control': 'no-store' }, text: '{"welcome":"ada"}' } },
  { app: 'blog', name: 'blog: the cookie read back by a preHandler hook', request: { path: '/posts/hello', headers: { cookie: 'visitor=ada' } }, expect: { status: 200, headers: { 'cache-control': 'public, max-age=60' }, text: '{"visitor":"ada","slug":"hello","title":"Hello","body":"First post"}' } },
  { app: 'blog', name: 'blog: a form parsed by @fastify/formbody', request: { method: 'POST', path: '/comments', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'author=bob&text=nice+post&tags=a&tags=b' }, expect: { status: 200, json: { received: { author: 'bob', text: 'nice post', tags: ['a', 'b'] } } } },
  { app: 'blog', name: 'blog: the admin plugin refuses a missing token (@fastify/auth, bearer-auth)', request: { method: 'POST', path: '/admin/posts', headers: json, body: '{"slug":"x","title":"X"}' }, expect: { status: 401, json: { statusCode: 401, code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER', error: 'Unauthorized', message: 'missing authorization header' } } },
  { app: 'blog', name: 'blog: with the key, a post is created', request: { method: 'POST', path: '/admin/posts', headers: { ...json, authorization: 'Bearer admin-key' }, body: '{"slug":"second","title":"Second"}' }, expect: { status: 201, headers: { location: '/posts/second' }, text: '{"created":"second"}' } },
  { app: 'blog', name: 'blog: the custom not-found handler', request: { path: '/nowhere?x=1' }, expect: { status: 404, headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' }, text: 'nothing at /nowhere?x=1' } },
  { app: 'todo-api', name: 'todo-api: a todo created, serialized by a shared schema', request: { method: 'POST', path: '/todos', headers: { ...json, 'x-token': 'secret' }, body: '{"title":"write tests"}' }, expect: { status: 201, headers: { 'x-api-version': '1', vary: 'Origin' }, text: '{"id":1,"title":"write tests","done":false}' } },
  { app: 'todo-api', name: 'todo-api: a body its schema refuses', request: { method: 'POST', path: '/todos', headers: { ...json, 'x-token': 'secret' }, body: '{}' }, expect: { status: 400, json: { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message: 'body must have required property \'title\'' } } },
  { app: 'todo-api', name: 'todo-api: a hook refuses a missing token', request: { method: 'POST', path: '/todos', headers: json, body: '{"title":"x"}' }, expect: { status: 401, json: { statusCode: 401, error: 'Unauthorized', message: 'missing token' } } },
  { app: 'todo-api', name: 'todo-api: a querystring coerced to boolean', request: { path: '/todos?done=false' }, expect: { status: 200, text: '[{"id":1,"title":"write tests","done":false}]' } },
  { app: 'todo-api', name: 'todo-api: a DELETE answers 204', request: { method: 'DELETE', path: '/todos/1', headers: { 'x-token': 'secret' } }, expect: { status: 204, text: '' } },
  { app: 'todo-api', name: 'todo-api: its error handler', request: { path: '/teapot' }, expect: { status: 418, json: { teapot: true } } },
  { app: 'todo-api', name: 'todo-api: @fastify/cors preflight', request: { method: 'OPTIONS', path: '/todos', headers: { origin: 'https://todo.example', 'access-control-request-method': 'POST' } }, expect: { status: 204, headers: { 'access-control-allow-origin': 'https://todo.example', 'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE' } } },
  { app: 'links', name: 'links (v5): a form creates a link and sets a cookie', request: { method: 'POST', path: '/links', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client': 'a' }, body: 'url=https%3A%2F%2Fexample.com%2Fa&code=abc' }, expect: { status: 201, headers: { 'set-cookie': 'last-link=abc; Path=/; HttpOnly; SameSite=Lax', 'x-ratelimit-remaining': '2' }, json: { code: 'abc', url: 'https://example.com/a', visits: 0 } } },
  { app: 'links', name: 'links (v5): the short URL redirects', request: { path: '/abc' }, expect: { status: 302, headers: { location: 'https://example.com/a' }, text: '' } },
  { app: 'links', name: 'links (v5): the cookie and the onRoute list', request: { path: '/', headers: { cookie: 'last-link=abc' } }, expect: { status: 200, json: { routes: ['POST /links', 'GET /links/:code', 'HEAD /links/:code', 'GET /:code', 'HEAD /:code', 'GET /', 'HEAD /'], last: 'abc' } } },
  { app: 'links', name: 'links (v5): a URL its schema refuses', request: { method: 'POST', path: '/links', headers: { ...json, 'x-client': 'b' }, body: '{"url":"ftp://x"}' }, expect: { status: 400, json: { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message: 'body/url must match pattern "^https?://"' } } }
]
