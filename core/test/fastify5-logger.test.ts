import { test } from 'tap'
import { fastify5Faces, enclaveFaces, faces, type Factory } from './fixtures/faces.js'

const [[, enclave]] = enclaveFaces

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a route's logLevel must be one of the logger's levels`, async (t) => {
    const app = factory({ logger: { level: 'info', customLevels: { verbose: 35 } } })
    t.throws(() => app.get('/a', { logLevel: 'loud' }, () => 'a'), {
      code: 'FST_ERR_ROUTE_LOG_LEVEL_INVALID',
      statusCode: 500,
      message: "Log level for 'GET:/a' route must be a valid logger level. Received: 'loud'"
    })
    app.register(async (child: any) => {
      t.throws(() => child.route({ method: ['GET', 'POST'], url: '/b', logLevel: 5, handler: () => 'b' }), {
        message: "Log level for '[ 'GET', 'POST' ]:/p/b' route must be a valid logger level. Received: '5'"
      })
    }, { prefix: '/p' })
    for (const level of ['verbose', 'debug', '', null]) app.get(`/ok-${String(level)}`, { logLevel: level }, () => 'ok')
    await app.ready()
    const quiet = factory()
    quiet.get('/any', { logLevel: 'loud' }, () => 'ok')
    t.equal((await quiet.inject('/any')).statusCode, 200, 'not checked without a logger')
    await app.close()
  })
}

for (const [name, factory] of faces) {
  test(`${name}: any route logLevel is taken at declaration, as Fastify 4.29 takes it`, async (t) => {
    const app = factory({ logger: { level: 'info' } })
    t.doesNotThrow(() => app.get('/a', { logLevel: 'loud' }, () => 'a'))
  })
}

for (const [name, factory] of [...fastify5Faces, ['enclave()', enclave] as [string, Factory]]) {
  test(`${name}: a configuration object given as loggerInstance is refused`, async (t) => {
    t.throws(() => factory({ loggerInstance: { level: 'debug' } }), { code: 'FST_ERR_LOG_INVALID_LOGGER_INSTANCE', message: 'loggerInstance only accepts a logger instance.' })
  })
}
