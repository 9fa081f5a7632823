import t from 'tap'
import { faces, type Factory } from './fixtures/faces.js'
import { answerOverSocket } from './fixtures/http1-client.js'

// What a not-found handler sees of the request, run on fastify@4.29.1 and both Enclave entries:
// its routes are `<prefix>/*`, so the rest of the path is params['*'] (decoded), and a request
// with any method Node parses reaches the handler of its prefix.

t.test('a not-found handler gets the rest of the path as params[\'*\'], decoded, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory): Promise<string[]> => {
    const app = factory()
    const seen: string[] = []
    app.get('/p/:id', (request: any, reply: any) => request.params.id === 'call' ? reply.callNotFound() : 'found')
    app.setNotFoundHandler((request: any, reply: any) => { seen.push(`root ${request.url as string} ${JSON.stringify(request.params)}`); reply.code(404).send('') })
    app.register(async (plugin: any) => {
      plugin.setNotFoundHandler((request: any, reply: any) => { seen.push(`prefixed ${request.url as string} ${JSON.stringify(request.params)}`); reply.code(404).send('') })
    }, { prefix: '/c' })
    for (const url of ['/missing', '/missing/deep?x=1', '/', '/a%20b', '/a%2Fb', '//x', '/c', '/c/', '/c/x/y', '/c/%E2%9C%93', '/cx', '/p/call']) await app.inject(url)
    await app.inject({ method: 'POST', url: '/p/1' })
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected.slice(0, 4), ['root /missing {"*":"missing"}', 'root /missing/deep?x=1 {"*":"missing/deep"}', 'root / {}', 'root /a%20b {"*":"a b"}'], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a request with a method no route may use (PURGE) reaches the not-found handler of its prefix, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory): Promise<string[]> => {
    const app = factory()
    app.setNotFoundHandler((request: any, reply: any) => { reply.code(404).send(`root ${JSON.stringify(request.params)}`) })
    app.register(async (plugin: any) => {
      plugin.setNotFoundHandler((request: any, reply: any) => { reply.code(404).send(`prefixed ${JSON.stringify(request.params)}`) })
    }, { prefix: '/c' })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    const seen: string[] = []
    for (const [method, path] of [['PURGE', '/c/z'], ['PURGE', '/z'], ['MERGE', '/c/'], ['GET', '/c/z']]) {
      const { statusCode, body } = await answerOverSocket(port, method!, path!)
      seen.push(`${method!} ${path!} ${statusCode} ${body}`)
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected[0], 'PURGE /c/z 404 prefixed {"*":"z"}', 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
