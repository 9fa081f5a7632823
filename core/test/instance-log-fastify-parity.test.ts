import t from 'tap'
import { faces } from './fixtures/faces.js'

// instance.log as Fastify 4.29 shows it: every instance gives the server's logger (a plugin's
// logLevel reaches only the request loggers of its routes), and `app.log = x` is accepted, read
// back, and inherited by the plugins registered below it, while request loggers stay children of
// the server's own logger. mercurius's test suite replaces app.log this way to watch its errors.

t.test('instance.log: the server\'s logger everywhere, assignable, inherited by plugins, as Fastify 4.29', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const lines: string[] = []
    const app = factory({ logger: { level: 'info', stream: { write (line: string) { lines.push(JSON.parse(line).msg) } } }, disableRequestLogging: true })
    const seen: Record<string, unknown> = {}
    const original = app.log
    app.register(async (quiet: any) => {
      seen.quietIsServerLogger = quiet.log === original
      seen.quietLevel = quiet.log.level
      quiet.log.info('quiet instance info')
      quiet.get('/quiet', async (request: any) => {
        request.log.info('quiet request info')
        request.log.error('quiet request error')
        return { level: request.log.level }
      })
    }, { logLevel: 'error' })
    await app.after()
    const replaced = Object.create(original)
    replaced.marker = 'replaced'
    app.log = replaced
    seen.readBack = app.log === replaced
    app.register(async (child: any) => {
      seen.childMarker = child.log.marker
      child.log = { marker: 'child own' }
      seen.childOwn = child.log.marker
      seen.rootAfterChildAssign = app.log.marker
      child.get('/child', async (request: any) => ({ marker: request.log.marker ?? null }))
    })
    await app.ready()
    const quiet = (await app.inject('/quiet')).json()
    const child = (await app.inject('/child')).json()
    await app.close()
    return { seen, quiet, child, lines: lines.filter((line) => line.startsWith('quiet')) }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, {
    seen: { quietIsServerLogger: true, quietLevel: 'info', readBack: true, childMarker: 'replaced', childOwn: 'child own', rootAfterChildAssign: 'replaced' },
    quiet: { level: 'error' },
    child: { marker: null },
    lines: ['quiet instance info', 'quiet request error']
  })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
