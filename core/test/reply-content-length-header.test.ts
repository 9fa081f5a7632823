// The content-length a reply carries, as hooks read it back with reply.getHeaders() after the
// response: a string computed from the body (Fastify's type), the user's own value where one was set,
// and on a GET route's HEAD twin always the size of the dropped body.
import t from 'tap'
import { faces } from './fixtures/faces.js'

interface Seen { status: number, wire: string | undefined, headers: Record<string, unknown> }

async function observe (factory: (options?: any) => any, method: 'GET' | 'HEAD', url: string): Promise<Seen> {
  const app = factory()
  let headers: Record<string, unknown> = {}
  app.addHook('onResponse', function readBack (_request: unknown, reply: any, done: () => void) {
    headers = reply.getHeaders()
    done()
  })
  app.get('/object', async () => ({ hello: 'world' }))
  app.get('/string', async () => 'hello')
  app.get('/buffer', async () => Buffer.from('bytes'))
  app.get('/thrown', async () => { throw new Error('boom') })
  app.get('/sent-error', (_request: unknown, reply: any) => { reply.code(400).send(new Error('bad')) })
  app.get('/own-length', (_request: unknown, reply: any) => { reply.header('content-length', 2).send('hi') })
  app.get('/wrong-length', (_request: unknown, reply: any) => { reply.header('content-length', 5).send('hi') })
  const response = await app.inject({ method, url })
  await app.close()
  return { status: response.statusCode, wire: response.headers['content-length'] as string | undefined, headers }
}

const cases: Array<['GET' | 'HEAD', string]> = [
  ['GET', '/object'], ['GET', '/string'], ['GET', '/buffer'], ['GET', '/thrown'], ['GET', '/sent-error'],
  ['GET', '/missing'], ['GET', '/own-length'], ['HEAD', '/object'], ['HEAD', '/own-length'], ['HEAD', '/wrong-length']
]

t.test('every entry reports the content-length Fastify 4.29 does, in type and value', async (t) => {
  for (const [method, url] of cases) {
    const results: Seen[] = []
    for (const [, factory] of faces) results.push(await observe(factory, method, url))
    const [fastify, ...enclaveEntries] = results
    enclaveEntries.forEach((seen, index) => {
      t.same(seen, fastify, `${method} ${url} on ${faces[index + 1]![0]}`)
    })
    t.equal(typeof fastify!.headers['content-length'], url.endsWith('-length') && method === 'GET' ? 'number' : 'string', `${method} ${url}: the type`)
  }
})

t.test('the HEAD twin announces the real size of the body even when the route set another', async (t) => {
  for (const [name, factory] of faces) {
    const seen = await observe(factory, 'HEAD', '/wrong-length')
    t.equal(seen.wire, '2', name)
    t.equal(seen.headers['content-length'], '2', name)
  }
})
