// The held-out apps (integration-tests/apps) and a representative sequence of requests for each,
// taken from their own tests where the request is runtime-neutral. Each sequence runs in order
// against one fresh instance (some requests depend on earlier ones: a login, a created post).
import { createHmac } from 'node:crypto'
import { gzipSync } from 'node:zlib'

const json = { 'content-type': 'application/json' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }
const internal = { 'x-internal': '1' }
const octets = { 'content-type': 'application/octet-stream' }

/** `count` KiB of deterministic bytes. */
function kibibytes (count) {
  const bytes = new Uint8Array(count * 1024)
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff
  return bytes
}
/** The same bytes in pieces of 16 KiB, sent as a stream of unknown length. */
function pieces (bytes) {
  const out = []
  for (let i = 0; i < bytes.length; i += 16 * 1024) out.push(bytes.slice(i, i + 16 * 1024))
  return out
}
/** A multipart/form-data body: `parts` are [name, value] fields and [name, filename, type, bytes] files. */
function multipart (boundary, parts) {
  const encoder = new TextEncoder()
  const segments = []
  for (const [name, ...rest] of parts) {
    if (rest.length === 1) {
      segments.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${rest[0]}\r\n`))
    } else {
      const [filename, type, bytes] = rest
      segments.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`))
      segments.push(typeof bytes === 'string' ? encoder.encode(bytes) : bytes, encoder.encode('\r\n'))
    }
  }
  segments.push(encoder.encode(`--${boundary}--\r\n`))
  const body = new Uint8Array(segments.reduce((sum, segment) => sum + segment.length, 0))
  let at = 0
  for (const segment of segments) { body.set(segment, at); at += segment.length }
  return body
}
const formData = { 'content-type': 'multipart/form-data; boundary=held-out-boundary' }
const parts = (list) => multipart('held-out-boundary', list)
const gzipped = { 'content-encoding': 'gzip' }
/** A cookie value signed as @fastify/cookie signs it (HMAC-SHA256, unpadded base64), encoded for a Cookie header. */
function signed (value, secret) {
  return encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`)
}
const session = { cookie: `session=${signed('ada', 'catalog-cookie-secret')}; theme=dark` }
const forged = { cookie: `session=${signed('ada', 'not-the-secret')}` }
const bigJson = JSON.stringify({ rows: Array.from({ length: 2000 }, (_, i) => ({ i, label: `row number ${i}` })) })

/** Imports an app by its path (a URL: the type checker does not follow it into the apps' own configurations). */
function load (path) {
  return import(new URL(path, import.meta.url).href)
}

export const heldOutApps = [
  {
    name: 'blog',
    load: async () => (await load('../../apps/blog/app.js')).default,
    requests: [
      { method: 'POST', path: '/login', headers: json, body: '{"name":"ada"}' },
      { path: '/posts/hello', headers: { cookie: 'visitor=ada' } },
      { method: 'POST', path: '/comments', headers: form, body: 'author=bob&text=nice+post&tags=a&tags=b' },
      { method: 'POST', path: '/comments', headers: { 'content-type': 'application/xml' }, body: '<a/>' },
      { method: 'POST', path: '/admin/posts', headers: json, body: '{"slug":"x","title":"X"}' },
      { method: 'POST', path: '/admin/posts', headers: { ...json, authorization: 'Bearer admin-key' }, body: '{"slug":"second","title":"Second"}' },
      { method: 'POST', path: '/admin/posts', headers: { ...json, authorization: 'Bearer admin-key' }, body: '{"slug":"Bad Slug","title":"X"}' },
      { path: '/posts/second' },
      { path: '/posts/none' },
      { path: '/nowhere?x=1' },
      { method: 'POST', path: '/comments', headers: json, body: '{"a":' },
      { path: '/posts/%E0%A4%A' }
    ]
  },
  {
    name: 'todo-api',
    load: async () => (await load('../../apps/todo-api/app.js')).build,
    requests: [
      { method: 'POST', path: '/todos', headers: { ...json, 'x-token': 'secret' }, body: '{"title":"write tests"}' },
      { method: 'POST', path: '/todos', headers: { ...json, 'x-token': 'secret' }, body: '{}' },
      { method: 'POST', path: '/todos', headers: { ...json, 'x-token': 'secret' }, body: '{"title":"x","extra":1}' },
      { method: 'POST', path: '/todos', headers: json, body: '{"title":"x"}' },
      { path: '/todos/1' },
      { path: '/todos/99' },
      { path: '/todos/abc' },
      { path: '/todos?done=false' },
      { path: '/todos?done=true' },
      { method: 'DELETE', path: '/todos/1', headers: { 'x-token': 'secret' } },
      { method: 'DELETE', path: '/todos/1', headers: { 'x-token': 'secret' } },
      { path: '/nope' },
      { path: '/teapot' },
      { path: '/boom' },
      { method: 'OPTIONS', path: '/todos', headers: { origin: 'https://todo.example', 'access-control-request-method': 'POST' } },
      { path: '/health', headers: { origin: 'https://evil.example' } },
      { method: 'HEAD', path: '/health' }
    ]
  },
  {
    name: 'shop',
    typescript: true,
    load: async () => (await load('../../apps/shop/app.ts')).build,
    requests: [
      { path: '/products/tea-01', headers: internal },
      { path: '/products/nope', headers: internal },
      { method: 'POST', path: '/cart', headers: { ...json, ...internal }, body: '{"lines":[{"sku":"tea-01"},{"sku":"cup-02","quantity":2}]}' },
      { method: 'POST', path: '/cart', headers: { ...json, ...internal }, body: '{"lines":[{"sku":"tea-01","quantity":11}]}' },
      { method: 'POST', path: '/cart', headers: { ...json, ...internal }, body: '{"lines":[{"sku":"zzz-99"}]}' },
      { path: '/nothing', headers: internal },
      { path: '/products/cup-02' },
      { path: '/products/cup-02' },
      { path: '/products/cup-02' },
      { path: '/products/cup-02' }
    ]
  },
  {
    name: 'notes (v5)',
    typescript: true,
    v5: true,
    load: async () => (await load('../../apps/v5/notes/app.ts')).build,
    requests: [
      { path: '/notes' },
      { path: '/health' },
      { method: 'POST', path: '/notes', headers: json, body: '{"text":""}' },
      { method: 'POST', path: '/notes', headers: json, body: '{"text":"second","extra":"removed"}' },
      { path: '/notes?tag=intro&limit=5' },
      { path: '/notes/1' },
      { path: '/notes/99' },
      { path: '/notes/zero' },
      { path: '/notes?limit=500' },
      { method: 'DELETE', path: '/notes/1' },
      { method: 'POST', path: '/login', headers: json, body: '{"user":"ada","password":"no"}' },
      { path: '/health', headers: { origin: 'https://notes.example' } },
      { path: '/nowhere' }
    ]
  },
  {
    name: 'links (v5)',
    v5: true,
    load: async () => (await load('../../apps/v5/links/app.cjs')).default.build,
    requests: [
      { method: 'POST', path: '/links', headers: { ...form, 'x-client': 'a' }, body: 'url=https%3A%2F%2Fexample.com%2Fa&code=abc' },
      { path: '/abc' },
      { path: '/links/abc' },
      { path: '/', headers: { cookie: 'last-link=abc' } },
      { method: 'POST', path: '/links', headers: { ...json, 'x-client': 'b' }, body: '{"url":"ftp://x"}' },
      { method: 'POST', path: '/links', headers: { ...json, 'x-client': 'b' }, body: '{"url":"https://x.example","code":"abc"}' },
      { path: '/zzz' },
      { path: '/links/zzz' },
      { method: 'POST', path: '/links', headers: { ...json, 'x-client': 'b' }, body: '{"url":"https://y.example"}' },
      { method: 'POST', path: '/links', headers: { ...json, 'x-client': 'b' }, body: '{"url":"https://z.example"}' },
      { method: 'POST', path: '/links', headers: { ...json, 'x-client': 'c' }, body: '{"url":"https://z.example"}' }
    ]
  },
  {
    name: 'media (v5)',
    v5: true,
    load: async () => (await load('../../apps/v5/media/app.mjs')).build,
    requests: [
      { path: '/lines' },
      { method: 'HEAD', path: '/lines' },
      { path: '/big/stream' },
      { method: 'HEAD', path: '/big/stream' },
      { path: '/download', streamedWithLength: true },
      { method: 'HEAD', path: '/download' },
      { path: '/big/whole' },
      { method: 'HEAD', path: '/big/whole' },
      { path: '/big/text' },
      { path: '/csv' },
      { path: '/made' },
      { path: '/typed' },
      { path: '/events' },
      { path: '/events/raw' },
      { path: '/ticker' },
      { path: '/broken' },
      { method: 'POST', path: '/upload', headers: octets, body: kibibytes(300) },
      { method: 'POST', path: '/upload', headers: octets, chunks: pieces(kibibytes(300)) },
      { method: 'POST', path: '/upload', headers: octets, body: kibibytes(600) },
      { method: 'POST', path: '/upload', headers: octets, chunks: pieces(kibibytes(600)) },
      { method: 'POST', path: '/upload', headers: octets, body: new Uint8Array(0) },
      { method: 'POST', path: '/echo', headers: json, body: '' },
      { method: 'POST', path: '/echo', headers: json },
      { method: 'POST', path: '/echo', headers: { 'content-type': 'text/plain' }, body: '' },
      { method: 'PUT', path: '/echo', headers: json, body: '{"put":true}' },
      { method: 'POST', path: '/echo', headers: json, body: bigJson },
      { method: 'POST', path: '/echo', headers: json, chunks: [bigJson.slice(0, 40000), bigJson.slice(40000)] },
      { method: 'POST', path: '/ndjson', headers: { 'content-type': 'application/x-ndjson' }, chunks: ['{"n":1}\n{"n"', ':2}\n', '{"n":3}\n'] },
      { method: 'POST', path: '/ndjson', headers: { 'content-type': 'application/x-ndjson' }, body: '{"n":10}\n{"n":20}\n' },
      { path: '/aborted' },
      // Cut short: every client must see the answer fail. Last: over a socket its request is aborted
      // (onRequestAbort, core/test/fetch-connection-lost.test.ts), which inject() does not report,
      // and Bun's fetch sends it again on a fresh connection.
      { path: '/broken/late', cutShort: true }
    ]
  },
  {
    name: 'uploads (v5)',
    v5: true,
    load: async () => (await load('../../apps/v5/uploads/app.cjs')).default.build,
    requests: [
      { method: 'POST', path: '/documents', headers: formData, body: parts([['title', 'minutes'], ['doc', 'minutes.txt', 'text/plain', 'we met\nwe agreed\n']]) },
      { method: 'POST', path: '/documents', headers: formData, chunks: pieces(parts([['title', 'scan'], ['doc', 'scan.bin', 'application/octet-stream', kibibytes(40)]])) },
      { method: 'POST', path: '/documents', headers: formData, body: parts([['doc', 'huge.bin', 'application/octet-stream', kibibytes(100)]]) },
      { method: 'POST', path: '/documents', headers: formData, body: parts([['title', 'nothing attached']]) },
      { method: 'POST', path: '/documents', headers: json, body: '{"doc":"not multipart"}' },
      { method: 'POST', path: '/batches', headers: formData, body: parts([['a', '1'], ['one', 'one.txt', 'text/plain', 'first'], ['b', '2'], ['two', 'two.txt', 'text/plain', 'second']]) },
      { method: 'POST', path: '/batches', headers: formData, body: parts([['one', '1.txt', 'text/plain', 'x'], ['two', '2.txt', 'text/plain', 'y'], ['three', '3.txt', 'text/plain', 'z']]) },
      { method: 'POST', path: '/forms', headers: form, body: 'name=Ada+Lovelace&topics=maths&topics=engines&note=%E2%9C%93' },
      { method: 'POST', path: '/people', headers: { 'content-type': 'text/csv' }, body: 'id,name\n1,ada\n2,grace\n' },
      { method: 'POST', path: '/events', headers: { 'content-type': 'application/vnd.intake.signup+json' }, body: '{"user":"ada"}' },
      { method: 'POST', path: '/events', headers: { 'content-type': 'application/vnd.intake.signup+json' }, body: '{"user":' },
      { method: 'POST', path: '/events', headers: { 'content-type': 'application/vnd.other+json' }, body: '{"user":"ada"}' },
      { method: 'POST', path: '/blobs', headers: octets, body: kibibytes(100) },
      { method: 'POST', path: '/blobs', headers: octets, body: kibibytes(200) },
      { method: 'POST', path: '/blobs', headers: octets, chunks: pieces(kibibytes(200)) },
      { method: 'POST', path: '/blobs', headers: { ...octets, ...gzipped }, body: gzipSync(kibibytes(100)) },
      { method: 'POST', path: '/blobs', headers: { ...octets, ...gzipped }, body: gzipSync(kibibytes(200)) },
      { method: 'POST', path: '/blobs', headers: { ...octets, ...gzipped }, chunks: pieces(gzipSync(kibibytes(100))) },
      { method: 'POST', path: '/notes', headers: { 'content-type': 'text/plain' }, body: 'short note' },
      { method: 'POST', path: '/notes', headers: { 'content-type': 'text/plain' }, body: 'long note '.repeat(30) },
      { method: 'POST', path: '/notes', headers: { ...json, ...gzipped }, body: gzipSync('{"note":"inflated"}') },
      { method: 'POST', path: '/notes', headers: { ...json, ...gzipped }, body: 'not gzip at all' },
      { method: 'POST', path: '/shout/echo', headers: { 'content-type': 'text/plain' }, body: 'quiet words' },
      { method: 'POST', path: '/shout/echo', headers: json, body: '{"a":"b"}' },
      { path: '/shout/json' },
      { path: '/wrapped/report' },
      { method: 'HEAD', path: '/wrapped/report' }
    ]
  },
  {
    name: 'catalog (v5)',
    v5: true,
    load: async () => (await load('../../apps/v5/catalog/app.mjs')).build,
    requests: [
      { path: '/openapi.json' },
      { path: '/api/items' },
      { path: '/api/items?tag=drink&tag=food&max=10' },
      { path: '/api/items?max=cheap' },
      { path: '/api/items/tea-01' },
      { method: 'HEAD', path: '/api/items/tea-01' },
      { path: '/api/items/nope' },
      { path: '/api/nothing/here?x=1' },
      { method: 'PUT', path: '/api/items' },
      { path: '/nothing/<b>here</b>' },
      { method: 'POST', path: '/api/items', headers: json, body: '{"sku":"cup-02","name":"Cup","price":9}' },
      { method: 'POST', path: '/api/items', headers: { ...json, ...forged }, body: '{"sku":"cup-02","name":"Cup","price":9}' },
      { method: 'POST', path: '/api/items', headers: { ...json, ...session }, body: '{"sku":"cup-02","name":"Cup","price":9}' },
      { method: 'POST', path: '/api/items', headers: { ...json, ...session }, body: '{"sku":"cup-02","name":"Cup","price":9}' },
      { method: 'POST', path: '/api/items', headers: { ...json, ...session }, body: '{"sku":"CUP","name":"","price":0,"colour":"red"}' },
      { path: '/api/items/cup-02' },
      { method: 'DELETE', path: '/api/items/tea-01', headers: session },
      { method: 'DELETE', path: '/api/items/tea-01', headers: session },
      { path: '/api/legacy/items/cup-02' },
      { path: '/' },
      { path: '/api/teapot' },
      { method: 'POST', path: '/session', headers: json, body: '{"user":"ada"}' },
      { method: 'POST', path: '/session', headers: json, body: '{}' },
      { path: '/me', headers: session },
      { path: '/me', headers: forged },
      { path: '/me' },
      { method: 'DELETE', path: '/session', headers: session },
      { path: '/export' },
      { path: '/whoami?x=1&x=2&y=%C3%A9', headers: { 'x-forwarded-host': 'shop.example:8443' } },
      { path: '/whoami/caf%C3%A9%20bar', headers: { 'x-forwarded-host': 'shop.example' } },
      { path: '/whoami', headers: { 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' } },
      // Node's fetch sends its own Host: the host the app sees is given as a proxy gives it.
      { path: '/whoami/x', headers: { 'x-forwarded-host': '[::1]:8080', 'x-forwarded-proto': 'http, https' } }
    ]
  }
]
