import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

/** What onRoute hooks see as `logLevel` for routes declared at the root, in plugins, and with their own. */
async function seenLogLevels (app: any): Promise<string[]> {
  const seen: string[] = []
  app.addHook('onRoute', (options: any) => { seen.push(`${options.method} ${options.url} ${JSON.stringify(options.logLevel)}`) })
  app.get('/root', () => 'root')
  app.register(async (plugin: any) => {
    plugin.get('/inherits', () => 'a')
    plugin.get('/own', { logLevel: 'warn' }, () => 'b')
    plugin.register(async (nested: any) => { nested.get('/nested', () => 'c') })
    plugin.register(async (nested: any) => { nested.get('/overrides', () => 'd') }, { logLevel: 'error' })
  }, { prefix: '/p', logLevel: 'silent' })
  await app.ready()
  await app.close()
  return seen
}

t.test('onRoute sees the logLevel given to register() around the route, "" at the root, as in Fastify 4.29', async (t) => {
  const fastify4 = await seenLogLevels(Fastify())
  t.ok(fastify4.includes('GET /p/inherits "silent"'))
  t.ok(fastify4.includes('GET /root ""'))
  t.same(await seenLogLevels(createServer({}, fastifyProfile)), fastify4)
  t.same(await seenLogLevels(enclave()), fastify4)
})

t.test('a route inside a silent plugin logs nothing; a route of its own level logs at it', async (t) => {
  const lines: any[] = []
  const stream = { write (line: string) { lines.push(JSON.parse(line)) } }
  const app = enclave({ logger: { level: 'info', stream } })
  app.register(async (plugin) => {
    plugin.get('/quiet', async (request) => { request.log.info('quiet'); return 'q' })
    plugin.get('/loud', { logLevel: 'info' }, async (request) => { request.log.info('loud'); return 'l' })
  }, { logLevel: 'silent' })
  await app.inject('/quiet')
  await app.inject('/loud')
  await app.close()
  const messages = lines.map((line) => line.msg)
  t.notOk(messages.includes('quiet'))
  t.ok(messages.includes('loud'))
})
