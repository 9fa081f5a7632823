import t from 'tap'
import { Readable } from 'node:stream'
import { faces, enclaveFaces } from './fixtures/faces.js'

// What a preParsing hook may put in the request's place (Hooks.md: a stream). null keeps the request,
// as fastify@4.29.1 does; a value that is not a stream, where fastify@4.29.1 crashes the process,
// answers a 500 ENC_ERR_PRE_PARSING_PAYLOAD on both Enclave entries.

t.test('a preParsing hook that returns null, or calls done(null, null), keeps the request\'s body, as in Fastify 4.29', async (t) => {
  for (const style of ['async', 'callback'] as const) {
    const observe = async (factory: (options?: any) => any): Promise<unknown> => {
      const app = factory()
      if (style === 'async') app.addHook('preParsing', async () => null)
      else app.addHook('preParsing', (_request: any, _reply: any, _payload: unknown, done: (error: null, value: null) => void) => { done(null, null) })
      app.post('/', (request: any) => ({ body: request.body }))
      const response = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
      await app.close()
      return { status: response.statusCode, body: response.body }
    }
    const [[, fastify4], ...entries] = faces
    const expected = await observe(fastify4)
    t.same(expected, { status: 200, body: '{"body":{"a":1}}' }, `${style}: fastify@4.29.1`)
    for (const [name, factory] of entries) t.same(await observe(factory), expected, `${style}: ${name}`)
  }
})

t.test('a preParsing hook that returns something other than a stream answers 500 ENC_ERR_PRE_PARSING_PAYLOAD instead of crashing', async (t) => {
  for (const [name, factory] of enclaveFaces) {
    for (const [label, value] of [['a string', 'text'], ['a number', 5], ['a plain object', { not: 'a stream' }]] as const) {
      const app = factory()
      app.addHook('preParsing', async () => value)
      app.post('/', (request: any) => ({ body: request.body }))
      const response = await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })
      t.equal(response.statusCode, 500, `${name}, ${label}`)
      t.equal(response.json().code, 'ENC_ERR_PRE_PARSING_PAYLOAD', `${name}, ${label}`)
      t.match(response.json().message, `instead it returned ${typeof value}`, `${name}, ${label}`)
      await app.close()
    }
    const app = factory()
    // receivedEncodedLength: the bytes read from the request, which Content-Length counts.
    app.addHook('preParsing', async () => Object.assign(Readable.from([Buffer.from('{"replaced":true}')]), { receivedEncodedLength: 7 }))
    app.post('/', (request: any) => request.body)
    t.same((await app.inject({ method: 'POST', url: '/', payload: { a: 1 } })).json(), { replaced: true }, `${name}: a stream still replaces the body`)
    await app.close()
  }
})
