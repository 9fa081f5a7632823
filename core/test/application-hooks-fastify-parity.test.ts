import t from 'tap'
import { faces, type Factory } from './fixtures/faces.js'

// Hooks.md's application hooks run on fastify@4.29.1 and both Enclave entries: the options object
// an onRoute hook receives (its keys in Fastify's order, attachValidation included) and the `this`
// of an onClose hook added with addHook.

t.test('onRoute hooks receive the route options with Fastify 4.29\'s keys, in its order, for every way of declaring a route', async (t) => {
  const observe = async (factory: Factory): Promise<string[]> => {
    const app = factory({ exposeHeadRoutes: false })
    const seen: string[] = []
    app.addHook('onRoute', (options: Record<string, unknown>) => { seen.push(`${String(options.url)} ${Object.keys(options).join(',')} attachValidation=${String(options.attachValidation)}`) })
    app.get('/handler-apart', () => 'ok')
    app.get('/options-and-handler', { attachValidation: true, config: { a: 1 } }, () => 'ok')
    app.get('/handler-inside', { handler: () => 'ok' })
    app.route({ method: 'GET', url: '/route', handler: () => 'ok' })
    app.register(async (plugin: any) => { plugin.get('/nested', { logLevel: 'warn' }, () => 'ok') }, { prefix: '/p' })
    await app.ready()
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected.slice(0, 2), [
    '/handler-apart method,url,path,handler,routePath,prefix,logLevel,attachValidation attachValidation=false',
    '/options-and-handler attachValidation,config,method,url,path,handler,routePath,prefix,logLevel attachValidation=true'
  ], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('an onClose hook added with addHook runs with its instance as this; one added with onClose() does not', async (t) => {
  const observe = async (factory: Factory): Promise<string[]> => {
    const app = factory()
    const seen: string[] = []
    app.addHook('onClose', function (this: unknown, instance: unknown, done: () => void) { seen.push(`root hook this=app:${String(this === app)} instance=app:${String(instance === app)}`); done() })
    app.register(async (plugin: any) => {
      plugin.addHook('onClose', async function (this: unknown, instance: unknown) { seen.push(`plugin hook this=plugin:${String(this === plugin)} instance=plugin:${String(instance === plugin)}`) })
      plugin.onClose(function (this: unknown, instance: unknown, done: () => void) { seen.push(`plugin onClose() this=plugin:${String(this === plugin)} instance=plugin:${String(instance === plugin)}`); done() })
    })
    await app.ready()
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, [
    'plugin onClose() this=plugin:false instance=plugin:true',
    'plugin hook this=plugin:true instance=plugin:true',
    'root hook this=app:true instance=app:true'
  ], 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
