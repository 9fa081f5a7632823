// A Content-Type header that is there but names no media type (blank, or malformed): Fastify 5
// answers 415 before it looks for a parser or a route, so neither the '*' parser nor the not-found
// handler takes it; Fastify 4.29 reads a blank header as no header. A body with no Content-Type at
// all still reaches the '*' parser on both.
import t from 'tap'
import type { Test } from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

function build (factory: (options?: any) => any, t: Test): any {
  const app = factory()
  t.teardown(() => app.close())
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request: any, body: string, done: any) => { done(null, body) })
  app.post('/', async (request: any) => ({ body: request.body ?? null }))
  return app
}

async function post (app: any, url: string, contentType: string | undefined): Promise<{ statusCode: number, code: string | undefined, body: string }> {
  const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType }
  const response = await app.inject({ method: 'POST', url, headers, payload: 'hello' })
  return { statusCode: response.statusCode, code: response.statusCode >= 400 ? response.json().code : undefined, body: response.body }
}

for (const [name, factory] of fastify5Faces) {
  t.test(`${name}: a blank or malformed Content-Type is a 415, on a route and on an unmatched URL`, async (t) => {
    const app = build(factory, t)
    for (const contentType of ['', ' ', 'undefined', 'very-weird-content-type']) {
      for (const url of ['/', '/missing']) {
        const answer = await post(app, url, contentType)
        t.equal(answer.statusCode, 415, `${url} ${JSON.stringify(contentType)}`)
        t.equal(answer.code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      }
    }
    t.same(JSON.parse((await post(app, '/', undefined)).body), { body: 'hello' }, 'no header: the * parser')
    t.equal((await post(app, '/missing', 'application/xml')).statusCode, 404, 'a valid type no parser knows: not found')
  })
}

for (const [name, factory] of faces) {
  t.test(`${name}: a blank Content-Type reads as none, and an unmatched URL is a 404`, async (t) => {
    const app = build(factory, t)
    for (const contentType of ['', ' ']) {
      t.same(JSON.parse((await post(app, '/', contentType)).body), { body: 'hello' }, JSON.stringify(contentType))
      t.equal((await post(app, '/missing', contentType)).statusCode, 404)
    }
    t.equal((await post(app, '/missing', 'very-weird-content-type')).statusCode, 404)
  })
}
