import { test } from 'tap'
import { fastify5Faces, enclaveFaces, type Factory } from './fixtures/faces.js'

const [[, enclave], [, v4face]] = enclaveFaces

/** A handler that answers only once request.signal aborts, so the timeout decides without a sleep. */
function untilAborted (request: any): Promise<string> {
  return new Promise((resolve) => request.signal.addEventListener('abort', () => resolve('late'), { once: true }))
}

const hookNames = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onError', 'onSend', 'onResponse']

for (const [name, factory] of [...fastify5Faces, ['enclave()', enclave] as [string, Factory]]) {
  test(`${name}: a request past handlerTimeout is answered 503 FST_ERR_HANDLER_TIMEOUT and request.signal aborts with it`, async (t) => {
    const app = factory({ handlerTimeout: 20 })
    const ran: string[] = []
    for (const hook of hookNames) {
      // The third argument (a payload, where there is one) is handed on.
      app.addHook(hook, async (...args: unknown[]) => { ran.push(hook); return args[2] })
    }
    let reason: any
    app.get('/slow', async (request: any, reply: any) => {
      await untilAborted(request)
      reason = request.signal.reason
      return reply
    })
    const res = await app.inject('/slow')
    t.equal(res.statusCode, 503)
    t.same(res.json(), { statusCode: 503, code: 'FST_ERR_HANDLER_TIMEOUT', error: 'Service Unavailable', message: "Request timed out after 20 ms on route '/slow'" })
    t.same(ran, ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'onError', 'onSend', 'onResponse'], 'the error path, as for any error')
    t.equal(reason.code, 'FST_ERR_HANDLER_TIMEOUT')
    t.equal(reason.statusCode, 503)
    await app.close()
  })

  test(`${name}: a route's handlerTimeout wins over the server's, and the route's error handler gets the error`, async (t) => {
    const app = factory({ handlerTimeout: 60000 })
    const seen: string[] = []
    app.get('/own', {
      handlerTimeout: 20,
      errorHandler: (error: any, request: any, reply: any) => {
        seen.push(`${error.code} ${String(request.signal.aborted)}`)
        reply.code(504).send({ timedOut: true })
      }
    }, untilAborted)
    app.get('/options', (request: any) => ({ handlerTimeout: request.routeOptions.handlerTimeout }))
    const res = await app.inject('/own')
    t.equal(res.statusCode, 504)
    t.same(res.json(), { timedOut: true })
    t.same(seen, ['FST_ERR_HANDLER_TIMEOUT true'])
    const fast = await app.inject('/options')
    t.equal(fast.statusCode, 200, 'a request answered in time is untouched')
    if (name !== 'enclave()') t.same(fast.json(), { handlerTimeout: 60000 }, 'routeOptions shows the timeout in effect')
    await app.close()
  })

  test(`${name}: handlerTimeout values are checked`, async (t) => {
    const app = factory()
    for (const value of ['fast', -1, 1.5, 0]) {
      t.throws(() => app.get(`/r${String(value)}`, { handlerTimeout: value }, () => 'x'), {
        code: 'FST_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT',
        message: `'handlerTimeout' option must be an integer > 0. Got '${String(value)}'`,
        statusCode: 500
      })
    }
    t.throws(() => factory({ handlerTimeout: 'soon' }), { code: 'FST_ERR_INIT_OPTS_INVALID', message: 'Invalid initialization options: \'["must be integer"]\'' })
    if (name !== 'enclave()') {
      t.equal(app.initialConfig.handlerTimeout, 0)
      t.equal(factory({ handlerTimeout: '250' }).initialConfig.handlerTimeout, 250, 'coerced as Fastify 5 coerces it')
    }
    await app.close()
  })
}

test('@enclave/fastify4 ignores handlerTimeout, as Fastify 4.29 has no such option', async (t) => {
  const app = v4face({ handlerTimeout: 1 })
  app.get('/', { handlerTimeout: 'fast' }, (request: any) => new Promise((resolve) => setTimeout(() => resolve({ keys: Object.keys(request.routeOptions) }), 15)))
  const res = await app.inject('/')
  t.equal(res.statusCode, 200)
  t.notOk(res.json().keys.includes('handlerTimeout'))
  t.notOk('handlerTimeout' in app.initialConfig)
  await app.close()
})
