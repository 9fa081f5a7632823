import t from 'tap'
import { faces } from './fixtures/faces.js'

// The default error handler's answer carries its content-length before the headers an onSend hook
// adds, in the order Fastify 4.29 writes them (graphql-yoga's Fastify recipe showed it: a JSON
// parse error answered with its onSend header after the length). The length stays right when a
// hook replaces the payload, and a HEAD request gets the length of the body it does not receive.

t.test('an error answer: content-type, content-length, then an onSend hook\'s header, as Fastify 4.29', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory()
    app.addHook('onSend', async (request: any, reply: any, payload: unknown) => {
      reply.header('x-on-send', '1')
      return request.headers['x-replace'] === 'yes' ? '{"replaced":"by a longer payload than the error"}' : payload
    })
    app.get('/throws', async () => { throw new Error('kaboom') })
    app.get('/teapot', async () => { throw Object.assign(new Error('short and stout'), { statusCode: 418, headers: { 'x-from-error': 'e' } }) })
    app.post('/json', async () => 'parsed')
    app.get('/ok', async () => ({ ok: true }))
    const cases = [
      { url: '/throws' },
      { url: '/teapot' },
      { url: '/json', method: 'POST', headers: { 'content-type': 'application/json' }, payload: '{bad' },
      { url: '/throws', headers: { 'x-replace': 'yes' } },
      { url: '/throws', method: 'HEAD' },
      { url: '/ok' },
      { url: '/missing' }
    ]
    const answers = []
    for (const options of cases) {
      const response = await app.inject(options)
      const headers = Object.entries(response.headers).filter(([name]) => name !== 'date' && name !== 'connection')
      answers.push({ status: response.statusCode, headers, body: response.body })
    }
    await app.close()
    return answers
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4) as Array<{ headers: Array<[string, unknown]> }>
  t.same(expected[0]!.headers.map(([name]) => name), ['content-type', 'content-length', 'x-on-send'])
  const namesOf = (answers: Array<{ headers: Array<[string, unknown]> }>): string[][] => answers.map((answer) => answer.headers.map(([name]) => name))
  for (const [name, factory] of entries) {
    const actual = await observe(factory) as Array<{ headers: Array<[string, unknown]> }>
    // enclave() answers an invalid JSON body with its own documented payload: there the order is compared.
    if (name === 'enclave()') t.same(namesOf(actual), namesOf(expected), name)
    else t.same(actual, expected, name)
  }
})
