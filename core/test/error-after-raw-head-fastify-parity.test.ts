import t from 'tap'
import { Readable } from 'node:stream'
import { enclaveFaces, faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A handler writes the head through `reply.raw` and then sends an error: the default error handler
 * logs the error, its reply cannot be written, and Fastify warns that the reply was already sent
 * (Fastify 4.29 then crashes the process; Fastify 5.12 ends the response).
 */
async function logOf (factory: Factory): Promise<string[]> {
  const lines: string[] = []
  const app = factory({ logger: { level: 'warn', stream: { write: (line: string) => { const entry = JSON.parse(line); lines.push(`${String(entry.level)} ${String(entry.msg)}`) } } } })
  app.get('/raw-head', (_request: unknown, reply: any) => {
    reply.raw.writeHead(200)
    reply.send(new Error('after the head'))
  })
  app.register(async (child: any) => {
    child.addHook('onSend', async () => { throw new Error('onSend failed') })
    child.get('/raw-head-on-send', (_request: unknown, reply: any) => {
      reply.raw.writeHead(200)
      reply.send('data')
    })
  })
  for (const url of ['/raw-head', '/raw-head-on-send']) {
    await app.inject(url).then(() => { lines.push('answered') }, (error: Error) => { lines.push(`rejected: ${error.message}`) })
    await new Promise((resolve) => setImmediate(resolve))
  }
  await app.close()
  return lines
}

// inject()'s response emits the error it is destroyed with: the request is logged as errored.
const expected = [
  '50 after the head', '40 Reply was already sent, did you forget to "return reply" in the "/raw-head" (GET) route?', '50 request errored',
  'rejected: Cannot write headers after they are sent to the client',
  '50 onSend failed', '50 request errored', 'rejected: onSend failed'
]

t.test('an error sent after the head went out through reply.raw: the error logged, then Fastify\'s "already sent" warning', async (t) => {
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  const baseline = await logOf(fastify5)
  t.same(baseline, expected, `${v5Name} logs so`)
  // The first rejection is Node's ERR_HTTP_HEADERS_SENT as writeHead words it.
  t.same(await logOf(face5), baseline, `${face5Name} as ${v5Name}`)
  for (const [name, factory] of enclaveFaces) t.same(await logOf(factory), expected, `${name}: the same, where Fastify 4.29 crashes`)
})

/** What a response destroyed with an error leads to under inject(): onResponse hooks, or "request errored". */
async function afterDestroy (factory: Factory): Promise<string[]> {
  const seen: string[] = []
  const app = factory({ logger: { level: 'info', stream: { write: (line: string) => { const entry = JSON.parse(line); if (entry.msg !== 'incoming request') seen.push(`${String(entry.level)} ${String(entry.msg)}`) } } } })
  app.get('/destroyed', (_request: unknown, reply: any) => { reply.raw.destroy(new Error('gone')) })
  app.get('/hijacked', (_request: unknown, reply: any) => { reply.hijack(); reply.raw.destroy(new Error('gone')) })
  app.register(async (child: any) => {
    child.addHook('onResponse', async (_request: unknown, reply: any) => { seen.push(`onResponse ${String(reply.statusCode)}`) })
    child.get('/destroyed-with-hook', (_request: unknown, reply: any) => { reply.raw.destroy(new Error('gone')) })
  })
  for (const url of ['/destroyed', '/hijacked', '/destroyed-with-hook']) {
    seen.push(url)
    await app.inject(url).then(() => { seen.push('answered') }, (error: Error) => { seen.push(`rejected: ${error.message}`) })
    await new Promise((resolve) => setImmediate(resolve))
  }
  await app.close()
  return seen
}

t.test('a response destroyed with an error ends its request as in Fastify: onResponse hooks run, or the request is logged as errored', async (t) => {
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  const baseline = await afterDestroy(fastify5)
  t.ok(baseline.includes('onResponse 200') && baseline.includes('50 request errored'), `${v5Name} runs the hooks, or logs the error`)
  t.same(await afterDestroy(face5), baseline, `${face5Name} as ${v5Name}`)
  const [fastify4] = faces
  const baseline4 = await afterDestroy(fastify4![1])
  for (const [name, factory] of enclaveFaces) t.same(await afterDestroy(factory), baseline4, `${name} as ${fastify4![0]}`)
})

/**
 * The handler set a reply header, wrote the head through `reply.raw`, then sent a stream or a body:
 * Fastify leaves a stream's headers out and warns; a body's writeHead fails ("already sent"), its
 * error is logged, and the error's answer meets the sent head again.
 */
async function afterRawHeadWithHeaders (factory: Factory, paths: string[]): Promise<string[]> {
  const seen: string[] = []
  const app = factory({ logger: { level: 'warn', stream: { write: (line: string) => { const entry = JSON.parse(line); seen.push(`${String(entry.level)} ${String(entry.msg)}`) } } } })
  app.get('/stream', (_request: unknown, reply: any) => {
    reply.header('x-set', 'yes')
    reply.raw.writeHead(200, { 'content-type': 'text/plain' })
    reply.send(Readable.from(['streamed']))
  })
  app.get('/body', (_request: unknown, reply: any) => {
    reply.header('x-set', 'yes')
    reply.raw.writeHead(200, { 'content-type': 'text/plain' })
    reply.send('body')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  for (const path of paths) {
    seen.push(path)
    try {
      const response = await fetch(`http://127.0.0.1:${app.server.address().port as number}${path}`)
      seen.push(`${response.status} ${String(response.headers.get('x-set'))} ${await response.text()}`)
    } catch {
      seen.push('cut')
    }
  }
  await app.close()
  return seen
}

t.test('a reply header set before the head went out through reply.raw: left out of a stream, refused with a body, as in Fastify', async (t) => {
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  const both = ['/stream', '/body']
  const baseline = await afterRawHeadWithHeaders(fastify5, both)
  t.same(baseline, [
    '/stream', '40 response will send, but you shouldn\'t use res.writeHead in stream mode', '200 null streamed',
    '/body', '40 Reply was already sent, did you forget to "return reply" in the "/body" (GET) route?',
    '50 Cannot write headers after they are sent to the client',
    '40 Reply was already sent, did you forget to "return reply" in the "/body" (GET) route?', 'cut'
  ], `${v5Name} answers so`)
  t.same(await afterRawHeadWithHeaders(face5, both), baseline, `${face5Name} as ${v5Name}`)
  // Fastify 4.29 crashes on the body; its stream answer is Fastify 5's.
  const [fastify4] = faces
  const stream4 = await afterRawHeadWithHeaders(fastify4![1], ['/stream'])
  t.same(stream4, baseline.slice(0, 3), `${fastify4![0]}: the stream as Fastify 5`)
  for (const [name, factory] of enclaveFaces) t.same(await afterRawHeadWithHeaders(factory, both), baseline, `${name} as ${v5Name}`)
})
