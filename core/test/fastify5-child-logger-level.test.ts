import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** The level option a childLoggerFactory receives, on a route without a logLevel and on one with. */
async function levels (factory: Factory): Promise<unknown[]> {
  const app = factory({ logger: { level: 'info', stream: { write () {} } } })
  const received: unknown[] = []
  app.setChildLoggerFactory(function (logger: any, bindings: unknown, options: Record<string, unknown>) {
    received.push(Object.hasOwn(options, 'level') ? options.level : 'no level')
    return logger.child(bindings, options)
  })
  app.get('/', (request: any) => request.log.level)
  app.get('/warn', { logLevel: 'warn' }, (request: any) => request.log.level)
  const answers = [(await app.inject('/')).payload, (await app.inject('/warn')).payload]
  await app.close()
  return [...answers, received]
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a child logger factory gets a level only when the route has one`, async (t) => {
    t.same(await levels(factory), ['info', 'warn', ['no level', 'warn']])
  })
}

for (const [name, factory] of faces) {
  test(`${name}: a child logger factory gets an empty level on a route without one, as Fastify 4.29`, async (t) => {
    t.same(await levels(factory), ['info', 'warn', ['', 'warn']])
  })
}
