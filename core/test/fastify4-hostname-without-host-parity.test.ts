import t from 'tap'
import { rawExchange } from './fixtures/raw-http1.js'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { captureLogs } from './fixtures/log-lines.js'

// A request without a host (no Host header, or an empty one): Fastify 4.29's request.hostname is
// undefined, so its "incoming request" line has no `hostname`; Fastify 5.12's host and hostname are ''.

async function answerTo (port: number, head: string): Promise<string> {
  const text = await rawExchange(port, `${head}Connection: close\r\n\r\n`)
  return text.slice(text.indexOf('\r\n\r\n') + 4)
}

async function hostViews (factory: Factory): Promise<unknown[]> {
  const { lines, stream } = captureLogs()
  const app = factory({ logger: { level: 'info', stream } })
  app.get('/h', async (request: any) => ({ hostname: request.hostname === undefined ? '<undefined>' : request.hostname, host: request.host }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port: number = app.server.address().port
  const seen: unknown[] = []
  try {
    for (const head of ['GET /h HTTP/1.1\r\nHost: \r\n', 'GET /h HTTP/1.0\r\n', 'GET /h HTTP/1.1\r\nHost: example.com:8080\r\n']) {
      seen.push(await answerTo(port, head))
    }
  } finally {
    await app.close()
  }
  for (const line of lines) {
    if (line.msg === 'incoming request') seen.push(Object.keys(line.req).filter((key) => key !== 'remotePort').join(','), line.req.hostname ?? line.req.host)
  }
  return seen
}

for (const [baseline, ...entries] of [[faces[0]!, faces[2]!], fastify5Faces]) {
  const [baseName, baseFactory] = baseline!
  t.test(`request.hostname and the request line without a host, as ${baseName}`, async (t) => {
    const expected = await hostViews(baseFactory)
    for (const [name, factory] of entries) t.same(await hostViews(factory), expected, name)
  })
}
