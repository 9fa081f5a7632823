import { test } from 'tap'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

const events = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const

function failure (message: string, statusCode?: number): Error {
  const error: Error & { statusCode?: number } = new Error(message)
  if (statusCode !== undefined) error.statusCode = statusCode
  return error
}

const tick = async (): Promise<void> => { await new Promise((resolve) => setImmediate(resolve)) }
const seenStatus = (_error: unknown, _request: unknown, reply: any): void => { reply.send({ seen: reply.statusCode }) }

/** [error handler, handler, onError hook]: the ways a traced handler fails. */
const cases: Record<string, [((error: any, request: any, reply: any) => unknown) | null, (request: any, reply: any) => unknown, boolean]> = {
  'throws a 503': [null, () => { throw failure('a', 503) }, false],
  'rejects with a status above 599': [null, async () => { throw failure('b', 600) }, false],
  // eslint-disable-next-line no-throw-literal -- a thrown string is a case the channel must report
  'throws a string': [seenStatus, () => { throw 'c' }, false],
  'sets 404, then throws a 503': [seenStatus, (request, reply) => { reply.code(404); throw failure('d', 503) }, false],
  'throws to a custom error handler that sees the status': [seenStatus, () => { throw failure('e', 409) }, false],
  'rejects to a custom error handler that answers 503': [(error, request, reply) => { reply.status(503).send({ message: error.message }) }, async () => { throw failure('f') }, false],
  'throws to an async error handler': [async (error, request, reply) => { await tick(); reply.status(503).send({ message: error.message }) }, () => { throw failure('g') }, false],
  'rejects to an async error handler': [async (error, request, reply) => { await tick(); reply.code(502); return { message: error.message } }, async () => { throw failure('h') }, false],
  'throws to an async error handler that rejects': [async () => { await tick(); throw failure('i2') }, () => { throw failure('i') }, false],
  'throws through an async onError hook to an async error handler': [async (error, request, reply) => { await tick(); reply.status(503).send({ message: error.message }) }, () => { throw failure('j') }, true]
}

/** Each case's answer and its tracing events: [event, async, reply.statusCode, reply.sent, error]. */
async function traced (factory: Factory): Promise<Record<string, unknown>> {
  let seen: unknown[] = []
  const listeners = events.map((event) => {
    const listener = (message: any): void => { seen.push([event, message.async, message.reply.statusCode, message.reply.sent, message.error?.message ?? message.error]) }
    subscribe(`tracing:fastify.request.handler:${event}`, listener)
    return listener
  })
  const outcomes: Record<string, unknown> = {}
  try {
    for (const [name, [errorHandler, handler, onError]] of Object.entries(cases)) {
      const app = factory()
      if (errorHandler !== null) app.setErrorHandler(errorHandler)
      if (onError) app.addHook('onError', async () => {})
      app.get('/', handler)
      seen = []
      const response = await app.inject('/')
      await tick()
      outcomes[name] = { status: response.statusCode, body: response.body, events: seen }
      await app.close()
    }
  } finally {
    events.forEach((event, i) => { unsubscribe(`tracing:fastify.request.handler:${event}`, listeners[i]!) })
  }
  return outcomes
}

test('tracing:fastify.request.handler: `error` carries the failure\'s status, error handlers\' promises are traced', async (t) => {
  const expected: any = await sameOnBoth(t, traced)
  t.same(expected['throws a 503'], {
    status: 503,
    body: '{"statusCode":503,"error":"Service Unavailable","message":"a"}',
    events: [['start', false, 200, false, undefined], ['error', false, 503, false, 'a'], ['end', false, 503, true, 'a']]
  })
  t.same(expected['throws to a custom error handler that sees the status'].body, '{"seen":409}', 'the error handler sees the status set before `error`')
  t.same(expected['throws to an async error handler'].events, [
    ['start', false, 200, false, undefined], ['error', false, 500, false, 'g'], ['end', true, 500, false, 'g'],
    ['asyncStart', true, 503, true, 'g'], ['asyncEnd', true, 503, true, 'g']
  ])
  t.same(expected['throws to an async error handler that rejects'].events.slice(3), [
    ['error', true, 500, false, 'i2'], ['asyncStart', true, 500, false, 'i2'], ['asyncEnd', true, 500, true, 'i2']
  ])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a tracing subscriber reports the same events and never changes what an error handler sees`, async (t) => {
    const outcomes: any = await traced(factory)
    t.same(outcomes['throws a 503'].events, [['start', false, 200, false, undefined], ['error', false, 503, false, 'a'], ['end', false, 503, true, 'a']])
    t.same([outcomes['throws to a custom error handler that sees the status'].status, outcomes['throws to a custom error handler that sees the status'].body], [200, '{"seen":200}'])
    t.same(outcomes['throws a string'].body, '{"seen":200}')
    t.same(outcomes['throws to an async error handler'].events.map((event: unknown[]) => event[0]), ['start', 'error', 'end', 'asyncStart', 'asyncEnd'])
  })
}
