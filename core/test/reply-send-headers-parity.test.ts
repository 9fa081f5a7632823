import { test } from 'tap'
import { createRequire } from 'node:module'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

// What reply.send() makes of a content type or length the app set, redirect()'s status, and
// removeHeader() after the answer went out: each face against its Fastify, run beside it.
const require = createRequire(import.meta.url)
const fastify4 = (options?: unknown): any => (require('fastify4') as Factory)(options)
const fastify5 = (options?: unknown): any => (require('fastify5') as Factory)(options)
const fastify4Face = enclaveFaces[1]![1]

const contentTypes: unknown[] = [
  5, null, ['json'], ['a=1', 'b=2'], '', '1', 'undefined', 'Application/JSON', 'application/json; foo=bar', 'application/json;charset=latin1',
  'APPLICATION/HAL+JSON', 'text/html', 'text/plain; Charset=utf-8', ' application/json ', 'application/json; foo', 'a/b c', 'text/plain; x=json',
  'application/json;foo=bar', 'application/json; Charset=latin1', 'application/json;', 'a/b/c'
]
const payloads: unknown[] = [{ a: 1 }, 'text', null, Buffer.from('b')]

async function contentTypeAnswers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/:type/:payload', (request: { params: { type: string, payload: string } }, reply: any) => {
    reply.header('content-type', contentTypes[Number(request.params.type)])
    reply.send(payloads[Number(request.params.payload)])
  })
  const seen: string[] = []
  for (let type = 0; type < contentTypes.length; type++) {
    for (let payload = 0; payload < payloads.length; payload++) {
      const response = await app.inject({ method: 'GET', url: `/${type}/${payload}` })
      seen.push(`${JSON.stringify(contentTypes[type])} ${JSON.stringify(payloads[payload])} ${response.statusCode} ${JSON.stringify(response.headers['content-type'])} ${response.body}`)
    }
  }
  await app.close()
  return seen
}

async function lengthsAndRedirects (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/empty', (_request: unknown, reply: any) => { reply.send() })
  app.get('/null', (_request: unknown, reply: any) => { reply.send(null) })
  app.get('/length-5', (_request: unknown, reply: any) => { reply.header('content-length', 5); reply.send() })
  app.get('/length-abc', (_request: unknown, reply: any) => { reply.header('content-length', 'abc'); reply.send(null) })
  app.get('/raw-length', (_request: unknown, reply: any) => { reply.raw.setHeader('content-length', 7); reply.send() })
  app.head('/declared-head', (_request: unknown, reply: any) => { reply.header('content-length', 9); reply.send() })
  app.get('/redirect-with-length', (_request: unknown, reply: any) => { reply.header('content-length', 5); reply.redirect('/to') })
  app.get('/redirect-string-code', (_request: unknown, reply: any) => { reply.redirect('/to', '303') })
  app.get('/redirect-zero', (_request: unknown, reply: any) => { reply.redirect('/to', 0) })
  app.get('/redirect-after-201', (_request: unknown, reply: any) => { reply.code(201); reply.redirect('/to') })
  app.get('/redirect-after-200', (_request: unknown, reply: any) => { reply.code(200); reply.redirect('/to') })
  app.get('/remove-after-send', (_request: unknown, reply: any) => {
    reply.redirect('/to')
    try {
      reply.removeHeader('x-a')
    } catch (error) {
      reply.log.info(error)
      return
    }
    reply.raw.setHeader('x-removed', 'no error')
  })
  app.get('/remove-raw-header', (_request: unknown, reply: any) => {
    reply.raw.setHeader('x-removed', 'kept')
    reply.removeHeader('x-removed')
    reply.send()
  })
  app.get('/error-after-200', (_request: unknown, reply: any) => {
    reply.code(200)
    throw Object.assign(new Error('failed'), { statusCode: 418, status: 422 })
  })
  const seen: string[] = []
  const requests: Array<[string, string]> = [
    ['GET', '/empty'], ['HEAD', '/empty'], ['GET', '/null'], ['HEAD', '/null'], ['GET', '/length-5'], ['HEAD', '/length-5'],
    ['GET', '/length-abc'], ['GET', '/raw-length'], ['HEAD', '/declared-head'], ['GET', '/redirect-with-length'],
    ['GET', '/redirect-string-code'], ['GET', '/redirect-zero'], ['GET', '/redirect-after-201'], ['GET', '/redirect-after-200'],
    ['GET', '/remove-after-send'], ['GET', '/remove-raw-header'], ['GET', '/error-after-200']
  ]
  for (const [method, url] of requests) {
    const response = await app.inject({ method, url })
    seen.push(`${method} ${url} ${response.statusCode} ${String(response.headers['content-length'])} ${String(response.headers.location)} ${String(response.headers['x-removed'])}`)
  }
  await app.close()
  return seen
}

test('@enclave/fastify reads a set content type and length as fastify@5.12.8', async (t) => {
  const expected = await contentTypeAnswers(fastify5)
  t.same(await contentTypeAnswers(fastify5Face[1]), expected)
  // Fastify 5 reads the type as a media type: one it cannot read is replaced, a JSON one normalised.
  t.ok(expected.includes('"1" {"a":1} 200 "application/json; charset=utf-8" {"a":1}'))
  t.ok(expected.includes('"application/json; foo=bar" "text" 200 "application/json; foo=\\"bar\\"; charset=utf-8" text'))
  t.same(await lengthsAndRedirects(fastify5Face[1]), await lengthsAndRedirects(fastify5))
})

test('@enclave/fastify4 reads a set content type and length as fastify@4.29.1', async (t) => {
  const expected = await contentTypeAnswers(fastify4)
  t.same(await contentTypeAnswers(fastify4Face), expected)
  t.ok(expected.includes('"1" {"a":1} 500 "application/json; charset=utf-8" {"statusCode":500,"code":"FST_ERR_REP_INVALID_PAYLOAD_TYPE","error":"Internal Server Error","message":"Attempted to send payload of invalid type \'object\'. Expected a string or Buffer."}'))
  const lengths = await lengthsAndRedirects(fastify4)
  t.same(await lengthsAndRedirects(fastify4Face), lengths)
  t.ok(lengths.includes('GET /length-5 200 0 undefined undefined'), 'an empty answer\'s length is 0, whatever was set')
  t.ok(lengths.includes('GET /remove-raw-header 200 0 undefined kept'), 'removeHeader() leaves a header set on reply.raw')
})
