import t from 'tap'
import { faces, type Factory } from './fixtures/faces.js'

// printRoutes() and each of its options, as Server.md documents them, run on fastify@4.29.1 and
// both Enclave entries: the same text, hooks and metadata included.

function routesOf (factory: Factory): any {
  const app = factory()
  app.addHook('onRequest', function rootOnRequest (_request: any, _reply: any, done: () => void) { done() })
  app.addHook('onTimeout', function onTimeout (_request: any, _reply: any, done: () => void) { done() })
  app.get('/test', { config: { a: 1 }, logLevel: 'warn' }, () => 'ok')
  app.get('/test/hello', () => 'ok')
  app.post('/test/hello', { preHandler: function routePreHandler (_request: any, _reply: any, done: () => void) { done() }, errorHandler: function routeErrorHandler (error: Error, _request: any, reply: any) { reply.send(error) } }, () => 'ok')
  app.put('/hello/:id', { onSend: [async function firstOnSend () {}, async function secondOnSend () {}] }, () => 'ok')
  app.get('/files/*', () => 'ok')
  app.get('/', { constraints: { version: '1.0.0' } }, () => 'ok')
  app.register(async (plugin: any) => {
    plugin.setErrorHandler(function pluginErrorHandler (error: Error, _request: any, reply: any) { reply.send(error) })
    plugin.addHook('preHandler', async () => {})
    plugin.addHook('onRequestAbort', function aborted (_request: any, done: () => void) { done() })
    plugin.get('/x', () => 'ok')
  }, { prefix: '/p', logLevel: 'debug' })
  return app
}

const printOptions = [
  undefined,
  { commonPrefix: false },
  { method: 'POST' },
  { includeHooks: true },
  { includeMeta: true },
  { includeMeta: ['errorHandler', 'logLevel', 'config', 'onSend'] },
  { includeHooks: true, includeMeta: ['errorHandler'], commonPrefix: false },
  { includeHooks: true, method: 'GET' }
]

t.test('printRoutes prints what fastify@4.29.1 prints, with every option', async (t) => {
  const results: string[][] = []
  for (const [, factory] of faces) {
    const app = routesOf(factory)
    await app.ready()
    results.push(printOptions.map((options) => app.printRoutes(options)))
    await app.close()
  }
  const [expected, ...entries] = results
  t.match(expected![4], /• \(errorHandler\) "bound pluginErrorHandler\(\)"/, 'fastify@4.29.1 shows a setErrorHandler handler bound')
  t.match(expected![3], /• \(onSend\) \["headRouteOnSendHandler\(\)"\]/, 'and a HEAD route\'s own onSend hook')
  for (const [index, printed] of entries.entries()) {
    for (const [position, options] of printOptions.entries()) t.equal(printed[position], expected![position], `${faces[index + 1]![0]}: ${JSON.stringify(options)}`)
  }
})
