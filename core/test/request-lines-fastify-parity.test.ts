import t from 'tap'
import { tracingChannel } from 'node:diagnostics_channel'
import { faces, type Factory } from './fixtures/faces.js'

// "incoming request" and "request completed" are written without pino's generic path where that
// provably gives pino's bytes, and through pino otherwise. These cases move a request between the
// two after ready() (a level lowered or raised on the request's logger or the app's, a replaced
// method, a subscriber to pino's tracing channel, URLs and headers that JSON must escape) and
// compare every line, byte for byte but for time, pid, hostname and responseTime, with fastify@4.29.1.

function capture (): { lines: string[], stream: { write: (chunk: string) => void } } {
  const lines: string[] = []
  return {
    lines,
    stream: {
      write (chunk: string) {
        for (const text of chunk.split('\n')) {
          if (text === '') continue
          const normalized = text
            .replace(/"time":\d+,/, '"time":0,')
            .replace(/"pid":\d+,"hostname":"[^"]*",/, '')
            .replace(/"responseTime":[0-9.e-]+/, '"responseTime":0')
          lines.push(normalized)
        }
      }
    }
  }
}

type Case = (factory: Factory, stream: { write: (chunk: string) => void }) => Promise<{ close: () => Promise<unknown> }>

const cases: Record<string, Case> = {
  'URLs, a host and an accept-version that JSON must escape': async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    app.get('/*', () => 'ok')
    for (const url of ['/plain?q=1', '/quote%22?a="b"', '/back\\slash', '/é?x=ü']) {
      await app.inject({ url, headers: { host: 'h"o\\st:81', 'accept-version': 'v"1' } })
    }
    return app
  },
  'the app at warn, a hook lowering request.log to info: only "request completed"': async (factory, stream) => {
    const app = factory({ logger: { level: 'warn', stream } })
    app.addHook('onRequest', async (request: any) => { request.log.level = 'info' })
    app.get('/', () => 'ok')
    await app.inject('/')
    return app
  },
  'the app at info, a hook raising request.log to error: only "incoming request"': async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    app.addHook('preHandler', (request: any, _reply: any, done: () => void) => { request.log.level = 'error'; done() })
    app.get('/', () => 'ok')
    await app.inject('/')
    return app
  },
  'the app\'s level changed after ready(), both ways': async (factory, stream) => {
    const app = factory({ logger: { level: 'warn', stream } })
    app.get('/', () => 'ok')
    await app.ready()
    await app.inject('/')
    app.log.level = 'info'
    await app.inject('/')
    app.log.level = 'warn'
    await app.inject('/')
    return app
  },
  'request.log.info replaced by a hook': async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    app.addHook('onRequest', (request: any, _reply: any, done: () => void) => {
      const info = request.log.info
      request.log.info = function wrapped (this: unknown, ...args: unknown[]) { return info.apply(this, ['wrapped', ...args.slice(1)]) }
      done()
    })
    app.get('/', () => 'ok')
    await app.inject('/')
    return app
  },
  'a status code set by the handler, and a 404': async (factory, stream) => {
    const app = factory({ logger: { level: 'info', stream } })
    app.get('/', (_request: any, reply: any) => { reply.code(201); return 'made' })
    await app.inject('/')
    await app.inject('/missing')
    return app
  }
}

for (const [name, scenario] of Object.entries(cases)) {
  t.test(`request lines as fastify@4.29.1 writes them: ${name}`, async (t) => {
    const results: string[][] = []
    for (const [, factory] of faces) {
      const { lines, stream } = capture()
      const app = await scenario(factory, stream)
      await app.close()
      results.push(lines.filter((line) => line.includes('"msg":"incoming request"') || line.includes('"msg":"request completed"') || line.includes('wrapped')))
    }
    const [expected, ...actual] = results
    t.ok(expected!.length > 0 || name.includes('both ways'), 'fastify@4.29.1 wrote lines')
    for (let i = 0; i < actual.length; i++) t.same(actual[i], expected, faces[i + 1]![0])
  })
}

t.test('a subscriber to pino\'s tracing channel sees every request line built', async (t) => {
  for (const [entry, factory] of faces) {
    const channel = tracingChannel('pino_asJson')
    let built = 0
    const subscriber = { start () { built++ }, end () {}, asyncStart () {}, asyncEnd () {}, error () {} }
    channel.subscribe(subscriber)
    const { lines, stream } = capture()
    const app = factory({ logger: { level: 'info', stream } })
    app.get('/', () => 'ok')
    try {
      await app.inject('/')
    } finally {
      channel.unsubscribe(subscriber)
      await app.close()
    }
    t.equal(built, lines.length, `${entry}: one build per line written`)
    t.ok(lines.length >= 2, `${entry}: the request lines were written`)
  }
})
