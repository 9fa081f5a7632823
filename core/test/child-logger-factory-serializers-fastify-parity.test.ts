import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { captureLogs } from './fixtures/log-lines.js'

// A custom child-logger factory gets the serializers of every register() around the route, not only
// the route's own: Fastify hands them as the prototypes of the route's logSerializers object.

async function factoryView (factory: Factory): Promise<unknown> {
  const { lines, stream } = captureLogs()
  const app = factory({ logger: { level: 'info', stream }, disableRequestLogging: true })
  const given: string[] = []
  app.register(async (outer: any) => {
    outer.setChildLoggerFactory(function (logger: any, bindings: any, options: any) {
      const serializers = options.serializers ?? {}
      given.push(`keys=${Object.keys(serializers).join(',')} user=${typeof serializers.user} team=${typeof serializers.team} tag=${typeof serializers.tag}`)
      return logger.child(bindings, options)
    })
    outer.register(async (inner: any) => {
      inner.addHook('onRequest', async (request: any) => { request.log.info({ user: { name: 'ann' }, team: { id: 7 } }, 'hook') })
      inner.get('/plain', async (request: any) => { request.log.info({ user: { name: 'bob' }, team: { id: 8 } }, 'handler'); return 'ok' })
      inner.get('/own', { logSerializers: { tag: (tag: any) => `T:${String(tag.v)}` } }, async (request: any) => {
        request.log.info({ user: { name: 'cy' }, tag: { v: 1 } }, 'handler')
        return 'ok'
      })
    }, { prefix: '/inner', logSerializers: { team: (team: any) => `team ${String(team.id)}` } })
  }, { logSerializers: { user: (user: any) => `U:${String(user.name)}` } })
  await app.inject('/inner/plain')
  await app.inject('/inner/own')
  await app.close()
  return { given, lines: lines.map((line) => [line.msg, line.user, line.team, line.tag]) }
}

for (const [baseline, ...entries] of [faces, fastify5Faces]) {
  const [baseName, baseFactory] = baseline!
  t.test(`a custom child-logger factory gets the enclosing register()s' serializers, as ${baseName}`, async (t) => {
    const expected: any = await factoryView(baseFactory)
    t.same(expected.lines[1], ['handler', 'U:bob', 'team 8', undefined], 'Fastify applies both registers\' serializers')
    for (const [name, factory] of entries) t.same(await factoryView(factory), expected, name)
  })
}
