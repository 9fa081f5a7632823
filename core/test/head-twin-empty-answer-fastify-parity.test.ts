import t from 'tap'
import { rawExchange } from './fixtures/raw-http1.js'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

// A GET route answered without a payload, asked with HEAD (its automatic HEAD route): Fastify's twin
// says the GET body measures 0, whatever the status (204 and 304 included); a declared HEAD route does not.

async function headAnswer (port: number, path: string): Promise<string> {
  const text = await rawExchange(port, `HEAD ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
  return text.replace(/\r\ndate: [^\r]*/i, '')
}

async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/no-content', async (_request: any, reply: any) => { reply.code(204).send() })
  app.get('/not-modified', async (_request: any, reply: any) => { reply.code(304).header('etag', '"a"').send() })
  app.get('/empty', async (_request: any, reply: any) => { reply.send() })
  app.head('/declared', async (_request: any, reply: any) => { reply.code(204).send() })
  app.get('/declared', async (_request: any, reply: any) => { reply.code(204).send() })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port: number = app.server.address().port
  const seen: string[] = []
  try {
    for (const path of ['/no-content', '/not-modified', '/empty', '/declared']) seen.push(`${path}: ${await headAnswer(port, path)}`)
  } finally {
    await app.close()
  }
  return seen
}

for (const [baseline, ...entries] of [faces, fastify5Faces]) {
  const [baseName, baseFactory] = baseline!
  t.test(`HEAD on a GET route answered without a payload, byte for byte as ${baseName}`, async (t) => {
    const expected = await answers(baseFactory)
    t.match(expected[0], /^\/no-content: HTTP\/1\.1 204 No Content\r\ncontent-length: 0\r\n/, baseName)
    for (const [name, factory] of entries) t.same(await answers(factory), expected, name)
  })
}
