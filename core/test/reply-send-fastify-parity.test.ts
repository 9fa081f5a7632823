import t from 'tap'
import { Readable } from 'node:stream'
import { faces } from './fixtures/faces.js'

// Reply.md / Request.md behaviours run on fastify@4.29.1 and both Enclave entries: status, headers
// (their order included) and body must agree.

type Handler = (request: any, reply: any) => unknown

const cases: Record<string, Handler> = {
  'two set-cookie headers': (_request, reply) => { reply.header('set-cookie', 'a=1'); reply.header('set-cookie', 'b=2'); return 'x' },
  'headers(object) then getHeaders()': (_request, reply) => { reply.headers({ 'X-A': 1, 'x-b': 'two' }); return reply.getHeaders() },
  'a header set on raw, seen by getHeaders()': (_request, reply) => { reply.raw.setHeader('x-raw', 'r'); reply.header('x-rep', 'p'); return { all: reply.getHeaders(), one: reply.getHeader('x-raw') ?? null, has: reply.hasHeader('x-raw') } },
  'a string with a JSON type of its own gets utf-8': (_request, reply) => { reply.type('application/json'); return '{"a":1}' },
  'a string with a +json type gets utf-8': (_request, reply) => { reply.type('application/problem+json'); return '{}' },
  'a string with a JSON type and a charset keeps it': (_request, reply) => { reply.type('application/json; charset=latin1'); return '{}' },
  'an object with an upper-case JSON type is refused': (_request, reply) => { reply.type('APPLICATION/JSON'); return { a: 1 } },
  'a string with a type and reply.serializer() is serialized': (_request, reply) => { reply.type('text/x').serializer((payload: unknown) => `S:${String(payload)}`).send('hello') },
  'a string with a JSON type and reply.serializer()': (_request, reply) => { reply.type('application/json').serializer((payload: unknown) => JSON.stringify({ wrapped: payload })).send('s') },
  'a string without a type is not given to reply.serializer()': (_request, reply) => { reply.serializer((payload: unknown) => `S:${String(payload)}`).send('hello') },
  'reply.serializer() that throws on a string': (_request, reply) => { reply.type('text/x').serializer(() => { throw new Error('serializer failed') }).send('s') },
  'a Buffer': (_request, reply) => reply.send(Buffer.from('buf')),
  'a Uint8Array': (_request, reply) => reply.send(new Uint8Array([65, 66])),
  'an Int32Array': (_request, reply) => reply.send(new Int32Array([1])),
  'a Uint16Array slice': (_request, reply) => reply.send(new Uint16Array([1, 2, 3]).subarray(1)),
  null: (_request, reply) => reply.send(null),
  'a number': (_request, reply) => reply.send(42),
  'an error with headers: they go before content-type': () => { throw Object.assign(new Error('slow down'), { statusCode: 429, headers: { 'retry-after': '5' } }) },
  'an error with a status below 400': () => { throw Object.assign(new Error('low'), { statusCode: 300 }) },
  'a thrown string': () => { throw 'just a string' }, // eslint-disable-line no-throw-literal
  'redirect(url)': (_request, reply) => { reply.redirect('/x') },
  'redirect(url, code)': (_request, reply) => { reply.redirect('/x', 307) },
  'code(303).redirect(url)': (_request, reply) => { reply.code(303).redirect('/x') },
  'a web ReadableStream': (_request, reply) => reply.send(new ReadableStream({ start (controller) { controller.enqueue(new TextEncoder().encode('web')); controller.close() } })),
  'a web ReadableStream that fails first': (_request, reply) => reply.send(new ReadableStream({ start (controller) { controller.error(new Error('web stream failed')) } })),
  'a Response: its status and headers over the reply\'s': (_request, reply) => { reply.header('x-reply', '1').code(203); reply.send(new Response('from a Response', { status: 201, headers: { 'x-response': '2', 'content-type': 'text/x' } })) },
  'a Response without a body': (_request, reply) => reply.send(new Response(null, { status: 204 })),
  'a Response with its own content-length': (_request, reply) => reply.send(new Response('x', { headers: { 'content-length': '1' } })),
  'a Node stream': (_request, reply) => reply.send(Readable.from(['node'])),
  'an object with a getReader method of its own (not a stream Node can read): a 500': (_request, reply) => reply.send({ getReader () { return 1 }, a: 1 }),
  'an object that only claims the Response tag: no body, the reply\'s status': (_request, reply) => reply.send({ [Symbol.toStringTag]: 'Response', a: 1 }),
  'request.ips without trustProxy': (request) => ({ ips: request.ips === undefined ? 'undefined' : request.ips, ip: request.ip })
}

t.test('reply.send and the default error handler answer as fastify@4.29.1 does', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<Record<string, unknown>> => {
    const app = factory()
    const names = Object.keys(cases)
    names.forEach((name, index) => app.get(`/${index}`, cases[name]!))
    const seen: Record<string, unknown> = {}
    for (const [index, name] of names.entries()) {
      const response = await app.inject(`/${index}`)
      const headers: Record<string, unknown> = {}
      for (const key of Object.keys(response.headers)) if (key !== 'date') headers[key] = response.headers[key]
      seen[name] = { status: response.statusCode, headers, body: response.body }
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, {
    'an Int32Array': { status: 200, body: '\u0001\u0000\u0000\u0000' },
    'a Response: its status and headers over the reply\'s': { status: 201, headers: { 'x-reply': '1', 'x-response': '2' }, body: 'from a Response' },
    'a string with a JSON type of its own gets utf-8': { headers: { 'content-type': 'application/json; charset=utf-8' } },
    'an object with an upper-case JSON type is refused': { status: 500 }
  }, 'the cases show what they are about on fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
