import t from 'tap'
import { faces, type Factory } from './fixtures/faces.js'

// Each request's logger carries the request id as pino's child() would bind it. Enclave makes that
// logger without child() when the result is provably the same; these cases are the ones where it
// could differ (an id that needs escaping or is not a string, a serializer, redaction or pino's
// reserved name for the id's label, bindings changed after ready(), an onChild callback), compared
// line by line, key order included, with fastify@4.29.1 on both entries.

function capture (): { lines: string[], stream: { write: (chunk: string) => void } } {
  const lines: string[] = []
  return {
    lines,
    stream: {
      write (chunk: string) {
        for (const text of chunk.split('\n')) {
          if (text === '') continue
          const { time: _time, pid: _pid, hostname: _hostname, ...line } = JSON.parse(text)
          if ('responseTime' in line) line.responseTime = typeof line.responseTime
          lines.push(JSON.stringify(line))
        }
      }
    }
  }
}

type Case = (factory: Factory, logger: Record<string, unknown>) => Promise<{ close: () => Promise<unknown> }>

const cases: Record<string, Case> = {
  'ids from the request-id header that JSON must escape': async (factory, logger) => {
    // enclave() takes no client id by default (as Fastify v5); named here so every entry takes it.
    const app = factory({ logger, requestIdHeader: 'request-id' })
    app.get('/', (request: any) => { request.log.info('handler'); return 'ok' })
    for (const id of ['quote"back\\slash', 'line\u2028separator', 'tab\tnul\u0001', 'é-ü-😀', '']) {
      await app.inject({ url: '/', headers: { 'request-id': id } })
    }
    return app
  },
  'a genReqId that returns a number or an object': async (factory, logger) => {
    let count = 0
    const app = factory({ logger, genReqId: () => (++count % 2 === 0 ? count : { n: count }) })
    app.get('/', (request: any) => { request.log.info('handler'); return 'ok' })
    await app.inject('/')
    await app.inject('/')
    return app
  },
  'a serializer for the id\'s label': async (factory, logger) => {
    const app = factory({ logger: { ...logger, serializers: { reqId: (id: string) => `id:${id}` } } })
    app.get('/', () => 'ok')
    await app.inject('/')
    return app
  },
  'the id\'s label redacted': async (factory, logger) => {
    const app = factory({ logger: { ...logger, redact: ['reqId'] } })
    app.get('/', () => 'ok')
    await app.inject('/')
    return app
  },
  'requestIdLogLabel "level", a name pino leaves out of bindings': async (factory, logger) => {
    const app = factory({ logger, requestIdLogLabel: 'level' })
    app.get('/', () => 'ok')
    await app.inject('/')
    return app
  },
  'app.log.setBindings() after ready() reaches the next requests\' lines': async (factory, logger) => {
    const app = factory({ logger })
    app.get('/', () => 'ok')
    app.get('/rebind', () => { app.log.setBindings({ phase: 'late' }); return 'ok' })
    await app.inject('/')
    await app.inject('/rebind')
    await app.inject('/')
    return app
  },
  'an onChild callback sees every request\'s logger': async (factory, logger) => {
    const app = factory({ logger: { ...logger, onChild: (child: any) => { child.info('child made') } } })
    app.get('/', () => 'ok')
    app.register(async (plugin: any) => { plugin.get('/warn', () => 'ok') }, { logLevel: 'warn' })
    await app.inject('/')
    await app.inject('/warn')
    return app
  },
  'a route and a plugin with their own level and serializers': async (factory, logger) => {
    const app = factory({ logger })
    app.get('/route', { logLevel: 'debug', logSerializers: { user: (user: any) => `user:${String(user.name)}` } }, (request: any) => {
      request.log.debug({ user: { name: 'a' } }, 'route line')
      return 'ok'
    })
    app.register(async (plugin: any) => {
      plugin.get('/plugin', (request: any) => { request.log.child({ extra: 1 }).warn('plugin line'); return 'ok' })
    }, { logLevel: 'warn' })
    await app.inject('/route')
    await app.inject('/plugin')
    return app
  }
}

for (const [name, scenario] of Object.entries(cases)) {
  t.test(`request log lines as fastify@4.29.1 writes them: ${name}`, async (t) => {
    const results: string[][] = []
    for (const [, factory] of faces) {
      const { lines, stream } = capture()
      const app = await scenario(factory, { level: 'trace', stream })
      // The "request completed" line follows the response.
      await new Promise((resolve) => setImmediate(resolve))
      await app.close()
      results.push(lines)
    }
    const [expected, ...entries] = results
    t.ok(expected!.length > 0, 'fastify@4.29.1 wrote lines')
    for (const [index, lines] of entries.entries()) t.same(lines, expected, faces[index + 1]![0])
  })
}
