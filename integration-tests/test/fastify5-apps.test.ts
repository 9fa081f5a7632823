// Two Fastify v5 apps (integration-tests/apps/v5: a TypeScript notes API and a JavaScript link
// shortener) run unchanged on fastify@5.12.8 and on @enclave/fastify: each imports `fastify`, which
// resolves to a stand-in (apps/v5/node_modules/fastify) forwarding to the implementation that
// FASTIFY5_UNDER_TEST names. The apps are loaded by path, so the repository's own type check does
// not compile them; `npm run typecheck:v5-apps -w integration-tests` compiles them against each implementation's types.
import t from 'tap'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const notesPath = new URL('../apps/v5/notes/app.js', import.meta.url).href
const { build: buildNotes } = await import(notesPath) as { build: (options?: object) => Promise<any> }
const { build: buildLinks } = require('../apps/v5/links/app.cjs') as { build: (options?: object) => Promise<any> }

const implementations = [['fastify5', 'fastify@5.12.8'], ['enclave', '@enclave/fastify']] as const

for (const [implementation, label] of implementations) {
  t.test(`on ${label}`, async (t) => {
    process.env.FASTIFY5_UNDER_TEST = implementation
    t.teardown(() => { delete process.env.FASTIFY5_UNDER_TEST })
    const notes = await buildNotes()
    const links = await buildLinks()
    t.teardown(() => Promise.all([notes.close(), links.close()]))
    t.equal(notes.version, '5.12.8')

    t.test('notes: the seeded note is listed, typed by its schema, with the routes\' own header and helmet\'s', async (t) => {
      const res = await notes.inject('/notes')
      t.equal(res.statusCode, 200)
      t.same(res.json(), [{ id: 1, text: 'first note', tags: ['intro'] }])
      t.equal(res.headers['x-notes-total'], '1')
      t.equal(res.headers['x-content-type-options'], 'nosniff')
      const health = await notes.inject('/health')
      t.same(health.json(), { ok: true, version: '5' })
      t.notOk('x-notes-total' in health.headers, 'the routes\' onSend hook stays in their context')
    })

    t.test('notes: a note is validated, created with its default tags, and the audited route is logged on response', async (t) => {
      const empty = await notes.inject({ method: 'POST', url: '/notes', payload: { text: '' } })
      t.equal(empty.statusCode, 400)
      t.same(empty.json(), { code: 'INVALID', message: 'body/text must NOT have fewer than 1 characters', context: 'body' })
      const ok = await notes.inject({ method: 'POST', url: '/notes', payload: { text: 'second', extra: 'removed' } })
      t.equal(ok.statusCode, 201)
      t.equal(ok.headers.location, '/notes/2')
      t.same(ok.json(), { id: 2, text: 'second', tags: [] }, 'the unknown key is removed (removeAdditional) and the default tags set')
      t.same(notes.auditLog(), ['POST /notes 400', 'POST /notes 201'])
      const listed = await notes.inject('/notes?tag=intro&limit=5')
      t.same(listed.json().map((note: { id: number }) => note.id), [1])
    })

    t.test('notes: querystring and params are coerced and validated', async (t) => {
      t.same((await notes.inject('/notes/1')).json(), { id: 1, text: 'first note', tags: ['intro'] })
      const missing = await notes.inject('/notes/99')
      t.equal(missing.statusCode, 404)
      t.same(missing.json(), { code: 'NO_NOTE', message: 'no note 99' })
      const bad = await notes.inject('/notes/zero')
      t.equal(bad.statusCode, 400)
      t.same(bad.json(), { code: 'INVALID', message: 'params/id must be integer', context: 'params' })
      const tooMany = await notes.inject('/notes?limit=500')
      t.same(tooMany.json(), { code: 'INVALID', message: 'querystring/limit must be <= 50', context: 'querystring' })
    })

    t.test('notes: the admin scope needs a token from /login', async (t) => {
      const refused = await notes.inject({ method: 'DELETE', url: '/notes/1' })
      t.equal(refused.statusCode, 401)
      t.equal(refused.json().code, 'FST_JWT_NO_AUTHORIZATION_IN_HEADER')
      const wrong = await notes.inject({ method: 'POST', url: '/login', payload: { user: 'ada', password: 'no' } })
      t.equal(wrong.statusCode, 401)
      t.same(wrong.json(), { statusCode: 401, error: 'Unauthorized', message: 'wrong password' })
      const { token } = (await notes.inject({ method: 'POST', url: '/login', payload: { user: 'ada', password: 'open sesame' } })).json()
      const removed = await notes.inject({ method: 'DELETE', url: '/notes/1', headers: { authorization: `Bearer ${String(token)}` } })
      t.equal(removed.statusCode, 204)
      t.equal(removed.body, '')
      const again = await notes.inject({ method: 'DELETE', url: '/notes/1', headers: { authorization: `Bearer ${String(token)}` } })
      t.same(again.json(), { code: 'NO_NOTE', message: 'no note 1' })
    })

    t.test('notes: CORS, the not-found handler and sensible\'s errors', async (t) => {
      const cors = await notes.inject({ url: '/health', headers: { origin: 'https://notes.example' } })
      t.equal(cors.headers['access-control-allow-origin'], 'https://notes.example')
      const none = await notes.inject('/nowhere')
      t.equal(none.statusCode, 404)
      t.same(none.json(), { code: 'NO_ROUTE', message: 'GET /nowhere is not a route' })
    })

    t.test('links: a form creates a link, its cookie is set, and the short URL redirects', async (t) => {
      const created = await links.inject({
        method: 'POST',
        url: '/links',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client': 'a' },
        payload: 'url=https%3A%2F%2Fexample.com%2Fa&code=abc'
      })
      t.equal(created.statusCode, 201)
      t.same(created.json(), { code: 'abc', url: 'https://example.com/a', visits: 0 })
      t.match(created.headers['set-cookie'], /^last-link=abc; Path=\/; HttpOnly/)
      const redirect = await links.inject('/abc')
      t.equal(redirect.statusCode, 302)
      t.equal(redirect.headers.location, 'https://example.com/a')
      t.same((await links.inject('/links/abc')).json(), { code: 'abc', url: 'https://example.com/a', visits: 1 })
      const home = await links.inject({ url: '/', headers: { cookie: 'last-link=abc' } })
      t.same(home.json(), { routes: ['POST /links', 'GET /links/:code', 'HEAD /links/:code', 'GET /:code', 'HEAD /:code', 'GET /', 'HEAD /'], last: 'abc' })
    })

    t.test('links: bad input, a taken code, unknown codes and the rate limit', async (t) => {
      const bad = await links.inject({ method: 'POST', url: '/links', headers: { 'x-client': 'b' }, payload: { url: 'ftp://x' } })
      t.equal(bad.statusCode, 400)
      t.equal(bad.json().code, 'FST_ERR_VALIDATION')
      const taken = await links.inject({ method: 'POST', url: '/links', headers: { 'x-client': 'b' }, payload: { url: 'https://x.example', code: 'abc' } })
      t.equal(taken.statusCode, 409)
      t.equal((await links.inject('/zzz')).statusCode, 404)
      t.equal((await links.inject('/links/zzz')).json().message, 'Route GET:/links/zzz not found')
      const third = await links.inject({ method: 'POST', url: '/links', headers: { 'x-client': 'b' }, payload: { url: 'https://y.example' } })
      t.equal(third.statusCode, 201)
      const limited = await links.inject({ method: 'POST', url: '/links', headers: { 'x-client': 'b' }, payload: { url: 'https://z.example' } })
      t.equal(limited.statusCode, 429)
      t.equal((await links.inject({ method: 'POST', url: '/links', headers: { 'x-client': 'c' }, payload: { url: 'https://z.example' } })).statusCode, 201, 'another client has its own count')
    })
  })
}
