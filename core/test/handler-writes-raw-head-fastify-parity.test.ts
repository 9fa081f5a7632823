import t from 'tap'
import http from 'node:http'
import { faces } from './fixtures/faces.js'

// A handler that writes the head on reply.raw itself and streams the body later (server-sent
// events, as NestJS's @Sse() routes do) and resolves undefined owns the response: Fastify 4.29
// sends nothing more, and no onSend hook runs. Enclave used to send the undefined payload, whose
// headers could no longer be written: the error path then threw out of the process.

function answer (port: number, path: string): Promise<{ statusCode: number, contentType: string | undefined, onSend: string | undefined, body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path }, (response) => {
      let body = ''
      response.on('data', (chunk) => { body += String(chunk) })
      response.on('end', () => {
        resolve({ statusCode: response.statusCode!, contentType: response.headers['content-type'], onSend: response.headers['x-on-send'] as string | undefined, body })
      })
    }).on('error', reject)
  })
}

function streamOnRaw (reply: any): void {
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream' })
  reply.raw.flushHeaders()
  reply.raw.write('data: 1\n\n')
  setTimeout(() => { reply.raw.end('data: 2\n\n') }, 20)
}

t.test('an async handler that wrote the head on reply.raw and resolves undefined: the stream it writes is the whole answer', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory()
    app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
      reply.header('x-on-send', 'ran')
      return payload
    })
    app.get('/async', async (_request: any, reply: any) => { streamOnRaw(reply) })
    app.get('/async-awaiting', async (_request: any, reply: any) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      streamOnRaw(reply)
    })
    app.get('/sync', (_request: any, reply: any) => { streamOnRaw(reply) })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    const answers = [await answer(port, '/async'), await answer(port, '/async-awaiting'), await answer(port, '/sync')]
    await app.close()
    return answers
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, [0, 1, 2].map(() => ({ statusCode: 200, contentType: 'text/event-stream', onSend: undefined, body: 'data: 1\n\ndata: 2\n\n' })))
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
