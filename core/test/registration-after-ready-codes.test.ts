import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

type Outcome = { code: string | undefined, message: string, name: string, statusCode: number | undefined } | 'accepted'

function outcome (fn: () => unknown): Outcome {
  try {
    fn()
    return 'accepted'
  } catch (error: any) {
    return { code: error.code, message: error.message, name: error.name, statusCode: error.statusCode }
  }
}

const lateCalls: Record<string, (app: any) => unknown> = {
  route: (app) => app.get('/late', () => 'late'),
  'route()': (app) => app.route({ method: 'POST', url: '/late', handler: () => 'late' }),
  addHook: (app) => app.addHook('onRequest', async () => {}),
  addSchema: (app) => app.addSchema({ $id: 'late' }),
  setValidatorCompiler: (app) => app.setValidatorCompiler(() => () => true),
  setSerializerCompiler: (app) => app.setSerializerCompiler(() => () => ''),
  setSchemaErrorFormatter: (app) => app.setSchemaErrorFormatter(() => new Error('x')),
  setErrorHandler: (app) => app.setErrorHandler(() => {}),
  setNotFoundHandler: (app) => app.setNotFoundHandler(() => {}),
  setReplySerializer: (app) => app.setReplySerializer(() => ''),
  addContentTypeParser: (app) => app.addContentTypeParser('text/x', (request: unknown, payload: unknown, done: any) => done(null, 1)),
  removeContentTypeParser: (app) => app.removeContentTypeParser('text/plain'),
  removeAllContentTypeParsers: (app) => app.removeAllContentTypeParsers()
}

async function lateOutcomes (make: () => any): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {}
  for (const [name, call] of Object.entries(lateCalls)) {
    const app = make()
    await app.ready()
    outcomes[name] = outcome(() => call(app))
    await app.close()
  }
  return outcomes
}

t.test('adding routes, hooks, compilers, handlers or parsers after ready() throws Fastify 4.29\'s codes and messages', async (t) => {
  const fastify4 = await lateOutcomes(() => Fastify())
  t.match(fastify4.route, { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING', message: 'Fastify instance is already listening. Cannot add route!' })
  t.match(fastify4.addContentTypeParser, { code: 'FST_ERR_CTP_INSTANCE_ALREADY_STARTED' })
  t.same(await lateOutcomes(() => createServer({}, fastifyProfile)), fastify4)
  t.same(await lateOutcomes(() => enclave()), fastify4)
})

t.test('register() of a non-plugin throws avvio\'s AVV_ERR_PLUGIN_NOT_VALID at once, as Fastify 4.29', async (t) => {
  for (const value of [123, null, 'plugin', {}]) {
    const expected = outcome(() => Fastify().register(value as never))
    t.match(expected, { code: 'AVV_ERR_PLUGIN_NOT_VALID' })
    t.same(outcome(() => createServer({}, fastifyProfile).register(value as never)), expected, String(value))
    t.same(outcome(() => enclave().register(value as never)), expected, String(value))
  }
})
