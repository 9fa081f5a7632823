// How a content-type parser answers, by its style: `done`, a promise, or (Enclave) a value returned.
// Fastify calls every parser with `done` and takes a returned promise too, whatever it declares.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...faces, ...fastify5Faces]
const enclaveEntries = everyEntry.filter(([name]) => !name.startsWith('fastify@'))

async function answerOf (factory: Factory, options: object, parser: (...args: any[]) => unknown): Promise<string> {
  const app = factory({ logger: false })
  app.addContentTypeParser('application/x-test', options, parser)
  app.post('/', (request: { body: unknown }) => ({ body: request.body }))
  const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-test' }, payload: 'abcd' })
  await app.close()
  return `${String(response.statusCode)} ${String(response.body)}`
}

t.test('an async parser that declares done is answered by its promise, as in Fastify', async (t) => {
  const parser = async (_request: unknown, body: string, _done: unknown) => ({ parsed: body })
  for (const [name, factory] of everyEntry) t.equal(await answerOf(factory, { parseAs: 'string' }, parser), '200 {"body":{"parsed":"abcd"}}', name)
})

t.test('an async parser that declares done and rejects fails the request with its error, as in Fastify', async (t) => {
  const parser = async (_request: unknown, _body: string, _done: unknown) => { throw Object.assign(new Error('unreadable'), { statusCode: 422 }) }
  for (const [name, factory] of everyEntry) t.equal(await answerOf(factory, { parseAs: 'string' }, parser), '422 {"statusCode":422,"error":"Unprocessable Entity","message":"unreadable"}', name)
})

t.test('a callback parser whose done comes first wins over the promise it returns, as in Fastify', async (t) => {
  const parser = (_request: unknown, body: string, done: (error: null, value: unknown) => void) => {
    done(null, { from: 'done', body })
    return Promise.resolve({ from: 'promise' })
  }
  for (const [name, factory] of everyEntry) t.equal(await answerOf(factory, { parseAs: 'string' }, parser), '200 {"body":{"from":"done","body":"abcd"}}', name)
})

t.test('a parser without done that returns its value at once is answered with it (Fastify waits for done)', async (t) => {
  const parser = (_request: unknown, body: string) => ({ returned: body })
  for (const [name, factory] of enclaveEntries) t.equal(await answerOf(factory, { parseAs: 'string' }, parser), '200 {"body":{"returned":"abcd"}}', name)
})
