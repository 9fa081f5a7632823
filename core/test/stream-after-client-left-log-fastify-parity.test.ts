// A stream answered after the client left: Fastify pipes it into the closed response anyway and
// logs 'stream closed prematurely' at info; the same line here, where the stream is released unsent.
// Fastify 4.29 converts a web stream to a Node one first (so logs it too); Fastify 5 does not.
import t from 'tap'
import http from 'node:http'
import { Readable } from 'node:stream'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

async function linesFor (factory: Factory, payload: () => unknown): Promise<string[]> {
  const lines: string[] = []
  const app = factory({ logger: { level: 'info', stream: { write: (line: string) => { const entry = JSON.parse(line); if (entry.msg === 'stream closed prematurely') lines.push(`${String(entry.level)} ${String(entry.msg)} ${String(entry.res?.statusCode)}`) } } } })
  let answered!: () => void
  const done = new Promise<void>((resolve) => { answered = resolve })
  let reached!: () => void
  const inHandler = new Promise<void>((resolve) => { reached = resolve })
  // The payload is written (or released) right after the onSend hooks: a turn later, it is done.
  app.addHook('onSend', async (_request: unknown, _reply: unknown, sent: unknown) => {
    setImmediate(answered)
    return sent
  })
  app.get('/', async (_request: unknown, reply: any) => {
    reached()
    await new Promise((resolve) => reply.raw.once('close', resolve))
    return payload()
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as { port: number }).port
  const request = http.get({ host: '127.0.0.1', port, path: '/', agent: false })
  request.on('error', () => {})
  await inHandler
  request.destroy()
  await done
  await new Promise((resolve) => setImmediate(resolve))
  await app.close()
  return lines
}

t.test('a Node stream answered after the client left is logged as a premature close, as in Fastify', async (t) => {
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    t.same(await linesFor(factory, () => Readable.from(['late'])), ['30 stream closed prematurely 200'], name)
  }
})

t.test('a web stream answered after the client left: logged by Fastify 4.29 and its face, not by Fastify 5 and its face', async (t) => {
  const webStream = (): ReadableStream => new ReadableStream({ start (controller) { controller.enqueue(new TextEncoder().encode('late')); controller.close() } })
  for (const [name, factory] of faces) t.same(await linesFor(factory, webStream), ['30 stream closed prematurely 200'], name)
  for (const [name, factory] of fastify5Faces) t.same(await linesFor(factory, webStream), [], name)
})
