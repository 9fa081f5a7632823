import { test } from 'tap'
import http from 'node:http'
import { createRequire } from 'node:module'
import { Readable } from 'node:stream'
import Fastify4 from 'fastify4'
import fastify from '@enclave/fastify4'

const require = createRequire(import.meta.url)

// NestJS's @nestjs/platform-fastify loads require('fastify/lib/reply') and
// require('fastify/lib/symbols') when it is imported, and answers an exception thrown by a Nest
// middleware with `new Reply(res, { [kRouteContext]: {...empty hook lists} }, {})`: a reply
// detached from any route. Both paths exist on @enclave/fastify4, and that reply answers as
// fastify@4.29.1's does.

type Case = (reply: any) => unknown
const cases: Record<string, Case> = {
  'an object after status()': (reply) => reply.status(403).send({ message: 'no', statusCode: 403 }),
  'a string': (reply) => reply.send('hello'),
  'a buffer': (reply) => reply.send(Buffer.from('buf')),
  'a stream with its type': (reply) => reply.header('Content-Type', 'application/octet-stream').send(Readable.from(['a', 'b'])),
  'an object with a JSON type lacking a charset': (reply) => reply.header('content-type', 'application/json').send({ a: 1 }),
  'a header set on the raw response, read back with getHeader()': (reply) => {
    reply.raw.setHeader('x-raw', '1')
    return reply.code(201).header('x-reply', 'y').send({ raw: reply.getHeader('x-raw'), type: reply.getHeader('Content-Type') ?? null })
  },
  null: (reply) => reply.send(null),
  nothing: (reply) => reply.send(),
  'a string typed text/html': (reply) => reply.type('text/html').send('<b>'),
  'a JSON string typed application/json': (reply) => reply.header('content-type', 'application/json').send('{"y":2}'),
  'headers(), removeHeader(), getHeaders(), hasHeader()': (reply) => {
    reply.headers({ 'X-A': '1', 'x-b': 2 })
    reply.removeHeader('x-a')
    return reply.send({ headers: reply.getHeaders(), has: reply.hasHeader('x-b'), statusCode: reply.statusCode })
  },
  'an object with a non-JSON type: the payload type error': (reply) => reply.header('content-type', 'text/plain').send({ a: 1 }),
  'Set-Cookie fields add up; no timer runs': (reply) => reply.header('set-cookie', ['a=1']).header('Set-Cookie', 'b=2').header('set-cookie', ['c=3']).send({ elapsed: reply.elapsedTime })
}

async function observe (Reply: any, kRouteContext: symbol): Promise<Record<string, unknown>> {
  const server = http.createServer((request, response) => {
    const reply = new Reply(response, { [kRouteContext]: { preSerialization: null, preValidation: [], preHandler: [], onSend: [], onError: [] } }, {})
    const run = cases[decodeURIComponent(request.url!.slice(1))]!
    try {
      run(reply)
    } catch (error) {
      response.statusCode = 500
      response.end(`${(error as { code: string }).code}: ${(error as Error).message}`)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const answers: Record<string, unknown> = {}
  for (const name of Object.keys(cases)) {
    answers[name] = await new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/' + encodeURIComponent(name) }, (response) => {
        let body = ''
        response.on('data', (chunk) => { body += String(chunk) })
        response.on('end', () => {
          const headers = { ...response.headers }
          headers.date = undefined
          headers.connection = undefined
          headers['keep-alive'] = undefined
          resolve({ statusCode: response.statusCode, headers: JSON.parse(JSON.stringify(headers)), body })
        })
      }).on('error', reject)
    })
  }
  await new Promise((resolve) => server.close(resolve))
  return answers
}

test('require(\'fastify/lib/symbols\') gives kRouteContext, a symbol, as Fastify v4\'s path does', async (t) => {
  const symbols = require('@enclave/fastify4/lib/symbols')
  t.equal(typeof symbols.kRouteContext, 'symbol')
  t.equal(typeof require('fastify4/lib/symbols').kRouteContext, 'symbol')
})

test('require(\'fastify/lib/reply\'): a reply detached from any route answers as fastify@4.29.1\'s', async (t) => {
  const expected = await observe(require('fastify4/lib/reply'), require('fastify4/lib/symbols').kRouteContext)
  const actual = await observe(require('@enclave/fastify4/lib/reply'), require('@enclave/fastify4/lib/symbols').kRouteContext)
  t.same((expected['an object after status()'] as { statusCode: number }).statusCode, 403)
  t.match(expected['an object with a non-JSON type: the payload type error'], { body: /^FST_ERR_REP_INVALID_PAYLOAD_TYPE/ })
  for (const name of Object.keys(cases)) t.same(actual[name], expected[name], name)
})

test('import of the two paths gives the same values as require()', async (t) => {
  const reply = await import('@enclave/fastify4/lib/reply')
  const symbols = await import('@enclave/fastify4/lib/symbols')
  t.equal(reply.default, require('@enclave/fastify4/lib/reply'))
  t.equal(symbols.default.kRouteContext, require('@enclave/fastify4/lib/symbols').kRouteContext)
})

test('a method added to require(\'fastify/lib/reply\').prototype reaches every route\'s reply, as Fastify 4.29\'s Reply.prototype', async (t) => {
  const observe = async (factory: (options?: any) => any, Reply: { prototype: Record<string, unknown> }): Promise<unknown> => {
    Reply.prototype.sendHtml = function (this: any, html: string) {
      return this.type('text/html; charset=utf-8').send(html)
    }
    t.teardown(() => { delete Reply.prototype.sendHtml })
    const app = factory()
    app.get('/', (_request: any, reply: any) => { reply.sendHtml('<p>root</p>') })
    app.register(async (child: any) => {
      child.decorateReply('own', 1)
      child.get('/child', (_request: any, reply: any) => { reply.sendHtml(`<p>child ${String(reply.own)}</p>`) })
    })
    const answers = []
    for (const url of ['/', '/child']) {
      const response = await app.inject(url)
      answers.push({ status: response.statusCode, type: response.headers['content-type'], body: response.body })
    }
    // decorateReply() may still take a name only that prototype holds, in Fastify as here.
    const clash = await (async () => {
      const other = factory()
      try { other.decorateReply('sendHtml', () => {}); return 'decorated' } catch (error) { return (error as { code: string }).code }
    })()
    await app.close()
    return { answers, clash }
  }
  const expected = await observe(Fastify4, require('fastify4/lib/reply'))
  t.same(expected, {
    answers: [
      { status: 200, type: 'text/html; charset=utf-8', body: '<p>root</p>' },
      { status: 200, type: 'text/html; charset=utf-8', body: '<p>child 1</p>' }
    ],
    clash: 'decorated'
  })
  t.same(await observe(fastify, require('@enclave/fastify4/lib/reply')), expected)
})
