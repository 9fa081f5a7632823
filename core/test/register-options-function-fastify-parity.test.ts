import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

// register(plugin, optionsFunction): the function runs with the plugin's own instance, and its own
// properties `prefix`, `logLevel` and `logSerializers` shape that instance before it runs, as plain
// options would. @fastify/autoload passes a plugin's `autoConfig` function on this way, with the
// prefix set on the function. What the function returns becomes the plugin's options, its
// `prefix` and `logLevel` keys included, but they no longer move the instance.

interface Observed {
  atPrefix: { statusCode: number, body: unknown }
  atRoot: number
  seenPrefix: unknown
  pluginLines: Array<Record<string, unknown>>
}

async function observe (factory: Factory): Promise<Observed> {
  const lines: Array<Record<string, unknown>> = []
  const stream = {
    write (chunk: string) {
      for (const text of chunk.split('\n')) if (text !== '') lines.push(JSON.parse(text))
    }
  }
  const app = factory({ logger: { level: 'info', stream } })
  let seenPrefix: unknown
  const options = Object.assign((instance: { prefix: string }) => {
    seenPrefix = instance.prefix
    return { returned: true, prefix: '/returned', logLevel: 'fatal' }
  }, { prefix: '/fn', logLevel: 'warn', logSerializers: { thing: (value: number) => `thing ${value}` } })
  app.register((child: any, opts: unknown, done: () => void) => {
    child.get('/', (request: any, reply: any) => {
      request.log.info('info line')
      request.log.warn({ thing: 7 }, 'warn line')
      reply.send({ opts, prefix: child.prefix })
    })
    done()
  }, options)
  try {
    await app.ready()
    const atPrefix = await app.inject('/fn')
    const atRoot = await app.inject('/')
    const pluginLines = lines
      .filter((line) => line.msg === 'info line' || line.msg === 'warn line')
      .map(({ msg, level, thing }) => ({ msg, level, thing }))
    return { atPrefix: { statusCode: atPrefix.statusCode, body: atPrefix.json() }, atRoot: atRoot.statusCode, seenPrefix, pluginLines }
  } finally {
    await app.close()
  }
}

t.test("an options function's own prefix, logLevel and logSerializers apply to the plugin's instance", async (t) => {
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    t.same(await observe(factory), {
      atPrefix: { statusCode: 200, body: { opts: { returned: true, prefix: '/returned', logLevel: 'fatal' }, prefix: '/fn' } },
      atRoot: 404,
      seenPrefix: '/fn',
      pluginLines: [{ msg: 'warn line', level: 40, thing: 'thing 7' }]
    }, name)
  }
})
