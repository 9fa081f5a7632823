// What is logged when code fails or answers again after the reply was sent: Fastify 4.29's lines
// (level, message, error), on both entries — a hook's failure after its own answer is dropped, a
// handler's throw is an "already sent" warning, an async handler's rejection its own error line.
import t from 'tap'
import { Writable } from 'node:stream'
import { faces } from './fixtures/faces.js'

type Line = [number, string, unknown, unknown]

async function linesOf (factory: (options?: any) => any, url: string): Promise<Line[]> {
  const lines: Line[] = []
  const stream = new Writable({
    write (chunk: Buffer, _encoding, callback) {
      const entry = JSON.parse(chunk.toString()) as { level: number, msg: string, err?: { code?: unknown, message?: unknown } }
      if (!/incoming request|request completed/.test(entry.msg)) lines.push([entry.level, entry.msg, entry.err?.code, entry.err?.message])
      callback()
    }
  })
  const app = factory({ logger: { level: 'debug', stream } })
  app.get('/async-throw', async (_request: unknown, reply: any) => { reply.send('a'); throw new Error('late') })
  app.get('/async-reject', (_request: unknown, reply: any) => { reply.send('a'); return Promise.reject(new Error('rejected late')) })
  app.get('/async-return', async (_request: unknown, reply: any) => { reply.send('a'); return 'b' })
  app.get('/sync-throw', (_request: unknown, reply: any) => { reply.send('a'); throw new Error('thrown late') })
  app.get('/hijacked-return', async (_request: unknown, reply: any) => { reply.hijack(); reply.raw.end('raw'); return 'ignored' })
  app.register(async function answeringHooks (instance: any) {
    instance.addHook('preValidation', (request: any, reply: any, done: (error?: Error) => void) => {
      if (request.url === '/callback-hook') {
        reply.send('hook')
        done(new Error('after its answer'))
      } else done()
    })
    instance.addHook('preHandler', async (request: any, reply: any) => {
      if (request.url === '/async-hook') {
        reply.send('hook')
        throw new Error('after its answer')
      }
    })
    instance.get('/callback-hook', async () => 'handler')
    instance.get('/async-hook', async () => 'handler')
  })
  const response = await app.inject(url)
  await new Promise((resolve) => setTimeout(resolve, 20))
  await app.close()
  return [[response.statusCode, response.body, undefined, undefined], ...lines]
}

const urls = ['/async-throw', '/async-reject', '/async-return', '/sync-throw', '/hijacked-return', '/callback-hook', '/async-hook']

t.test('every entry logs what Fastify 4.29 logs after the reply was sent', async (t) => {
  const [[, fastify4], ...entries] = faces
  for (const url of urls) {
    const expected = await linesOf(fastify4, url)
    for (const [name, factory] of entries) t.same(await linesOf(factory, url), expected, `${url} on ${name}`)
  }
})

t.test('the cases show what they are about on fastify@4.29.1', async (t) => {
  const fastify4 = faces[0]![1]
  t.same((await linesOf(fastify4, '/async-reject')).slice(1), [[50, 'Promise errored, but reply.sent = true was set', undefined, 'rejected late']])
  t.match((await linesOf(fastify4, '/sync-throw')).slice(1), [[40, /^Reply was already sent/, 'FST_ERR_REP_ALREADY_SENT']])
  t.same((await linesOf(fastify4, '/async-hook')).slice(1), [], 'a hook failing after its own answer logs nothing')
  t.same((await linesOf(fastify4, '/hijacked-return')).slice(1), [], 'a hijacked reply ignores the value')
})
