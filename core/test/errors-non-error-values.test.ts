// Thrown values that are not Errors, and what error handlers see: each case runs against fastify@4.29.1
// and Enclave, and the answers must agree byte for byte.
import t from 'tap'
import type { Test } from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { captureLogs as logSink } from './fixtures/log-lines.js'

type Build = (app: any) => void
type Factory = (options?: Record<string, unknown>) => any

const factories: Array<[string, Factory]> = [
  ['fastify4', (options) => Fastify(options as any)],
  ['enclave', (options) => enclave(options as any)]
]

interface Observed { statusCode: number, contentType: unknown, header: unknown, body: string }

async function observe (make: Factory, build: Build, url = '/'): Promise<Observed> {
  const app = make()
  build(app)
  const response = await app.inject(url)
  await app.close()
  return { statusCode: response.statusCode, contentType: response.headers['content-type'], header: response.headers['x-from-error'], body: response.body }
}

/** Runs the same app on both frameworks; Enclave must answer what Fastify answers. */
async function sameAsFastify (t: Test, label: string, build: Build, url = '/'): Promise<Observed> {
  const fastify = await observe(factories[0]![1], build, url)
  const ours = await observe(factories[1]![1], build, url)
  t.same(ours, fastify, label)
  return ours
}

const thrown: Array<[string, () => unknown]> = [
  ['a string', () => 'boom'],
  ['a number', () => 42],
  ['a boolean', () => false],
  ['a plain object with statusCode', () => ({ statusCode: 429, message: 'slow down', retryAfter: 1 })],
  ['a plain object without statusCode', () => ({ foo: 'bar' })],
  ['a plain object with statusCode and headers', () => ({ statusCode: 418, headers: { 'x-from-error': 'yes' } })],
  ['an object with an invalid statusCode', () => ({ statusCode: 'nope' })],
  ['null', () => null],
  ['undefined', () => undefined]
]

const throwers: Array<[string, (value: () => unknown) => Build]> = [
  ['a sync handler', (value) => (app) => { app.get('/', () => { throw value() }) }],
  ['an async handler', (value) => (app) => { app.get('/', async () => { throw value() }) }],
  ['a callback onRequest hook (done)', (value) => (app) => {
    app.addHook('onRequest', (_request: unknown, _reply: unknown, done: (error?: unknown) => void) => { done(value()) })
    app.get('/', async () => 'ok')
  }],
  ['an async onRequest hook', (value) => (app) => {
    app.addHook('onRequest', async () => { throw value() })
    app.get('/', async () => 'ok')
  }],
  ['a sync preHandler hook', (value) => (app) => {
    app.addHook('preHandler', (_request: unknown, _reply: unknown, _done: unknown) => { throw value() })
    app.get('/', async () => 'ok')
  }],
  ['an async preValidation hook', (value) => (app) => {
    app.addHook('preValidation', async () => { throw value() })
    app.get('/', async () => 'ok')
  }]
]

t.test('the default error handler answers a thrown non-Error as Fastify 4 does (a plain object with statusCode is its own JSON body)', async (t) => {
  for (const [where, make] of throwers) {
    for (const [what, value] of thrown) {
      await sameAsFastify(t, `${what} from ${where}`, make(value))
    }
  }
  const rateLimited = await observe(factories[1]![1], throwers[1]![1](thrown[3]![1]))
  t.equal(rateLimited.statusCode, 429)
  t.equal(rateLimited.body, '{"statusCode":429,"message":"slow down","retryAfter":1}')
  const withHeaders = await observe(factories[1]![1], throwers[0]![1](thrown[5]![1]))
  t.equal(withHeaders.header, 'yes', 'the default handler applies the error\'s headers')
})

t.test('a thrown or rejected non-Error reaches setErrorHandler unchanged (err === thrown), from handlers and every hook', async (t) => {
  const hooks = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend']
  for (const [what, value] of thrown) {
    const sample = value()
    const cases: Array<[string, Build]> = [
      ['sync handler', (app) => { app.get('/', () => { throw sample }) }],
      ['async handler', (app) => { app.get('/', async () => { throw sample }) }]
    ]
    for (const hook of hooks) {
      // A hook that rejects with nothing fails with FST_ERR_SEND_UNDEFINED_ERR instead (checked below).
      if (sample === null || sample === undefined || sample === false) continue
      cases.push([`async ${hook} hook`, (app) => {
        // Rest parameters keep the hook in the async style whatever its arity.
        app.addHook(hook, async (...args: any[]) => {
          if (args[0].headers['x-handled'] === undefined) throw sample
          return hook === 'onSend' || hook === 'preSerialization' ? args[2] : undefined
        })
        app.post('/', async () => ({ ok: true }))
      }])
    }
    for (const [where, build] of cases) {
      for (const [side, make] of factories) {
        const app = make()
        let received: unknown = 'nothing'
        app.setErrorHandler((error: unknown, request: any, reply: any) => {
          received = error
          request.headers['x-handled'] = '1'
          reply.send({ status: reply.statusCode, header: reply.getHeader('x-from-error') ?? null })
        })
        build(app)
        const response = await app.inject({ method: where.includes('handler') && !where.includes('hook') ? 'GET' : 'POST', url: '/', payload: where.includes('hook') ? { a: 1 } : undefined })
        await app.close()
        t.equal(received, sample, `${side}: ${what} from the ${where} reaches the error handler unchanged`)
        t.equal(response.statusCode, 200, `${side}: ${what} from the ${where}: the status is still 200`)
        t.same(response.json(), { status: 200, header: null }, `${side}: ${what} from the ${where}: the error's status and headers are not applied`)
      }
    }
  }
})

t.test('an async hook that rejects with null, undefined or false fails with FST_ERR_SEND_UNDEFINED_ERR', async (t) => {
  for (const value of [null, undefined, false]) {
    for (const [side, make] of factories) {
      const app = make()
      let received: any
      app.setErrorHandler((error: unknown, _request: unknown, reply: any) => { received = error; reply.code(500).send('handled') })
      app.addHook('onRequest', async () => { throw value })
      app.get('/', async () => 'ok')
      await app.inject('/')
      await app.close()
      t.equal(received?.code, 'FST_ERR_SEND_UNDEFINED_ERR', `${side}: ${String(value)}`)
    }
    await sameAsFastify(t, `default handler, ${String(value)}`, (app) => {
      app.addHook('onRequest', async () => { throw value })
      app.get('/', async () => 'ok')
    })
  }
})

t.test('a sync hook throwing null or undefined, and done(falsy) from a payload hook, let the request go on', async (t) => {
  for (const value of [null, undefined]) {
    const observed = await sameAsFastify(t, `preHandler throwing ${String(value)}`, (app) => {
      app.addHook('preHandler', (_request: unknown, _reply: unknown, _done: unknown) => { throw value })
      app.get('/', async () => ({ ok: true }))
    })
    t.equal(observed.statusCode, 200)
  }
  for (const value of [0, '', false]) {
    const observed = await sameAsFastify(t, `onSend done(${JSON.stringify(value)})`, (app) => {
      app.addHook('onSend', (_request: unknown, _reply: unknown, _payload: unknown, done: (error?: unknown) => void) => { done(value) })
      app.get('/', async () => 'ok')
    })
    t.equal(observed.statusCode, 200)
    await sameAsFastify(t, `onRequest done(${JSON.stringify(value)}) is a failure`, (app) => {
      app.addHook('onRequest', (_request: unknown, _reply: unknown, done: (error?: unknown) => void) => { done(value) })
      app.setErrorHandler((error: unknown, _request: unknown, reply: any) => { reply.code(500).send({ received: error }) })
      app.get('/', async () => 'ok')
    })
  }
})

t.test('the default handler applies error.statusCode and error.headers; a custom handler that sends the error gets them too', async (t) => {
  const error = (): Error => Object.assign(new Error('limited'), { statusCode: 429, headers: { 'x-from-error': 'yes' } })
  await sameAsFastify(t, 'default handler', (app) => { app.get('/', async () => { throw error() }) })
  await sameAsFastify(t, 'custom handler sending the error', (app) => {
    app.setErrorHandler((err: Error, _request: unknown, reply: any) => { reply.send(err) })
    app.get('/', async () => { throw error() })
  })
  await sameAsFastify(t, 'custom handler sending its own payload', (app) => {
    app.setErrorHandler((_err: Error, _request: unknown, reply: any) => { reply.send({ status: reply.statusCode }) })
    app.get('/', async () => { throw error() })
  })
  await sameAsFastify(t, 'a status set before the error is kept when the error has none', (app) => {
    app.get('/', async (_request: unknown, reply: any) => { reply.code(404); throw new Error('gone') })
  })
  await sameAsFastify(t, 'a 2xx status set before the error becomes 500', (app) => {
    app.get('/', async (_request: unknown, reply: any) => { reply.code(201); throw new Error('oops') })
  })
})

t.test('a throwing onSend hook is logged exactly once, as in Fastify', async (t) => {
  for (const always of [false, true]) {
    for (const [side, make] of factories) {
      const { lines, stream } = logSink()
      const app = make({ logger: { level: 'info', stream } })
      let calls = 0
      app.addHook('onSend', async (_request: unknown, _reply: unknown, payload: unknown) => {
        calls++
        if (always || calls === 1) throw new Error('onSend failed')
        return payload
      })
      app.get('/', async () => ({ ok: true }))
      const response = await app.inject('/')
      await app.close()
      t.equal(response.statusCode, 500, `${side}: 500`)
      t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: 'onSend failed' }, `${side}: the error payload`)
      const errorLines = lines.filter((line) => line.level >= 50)
      t.equal(errorLines.length, 1, `${side} (${always ? 'fails every time' : 'fails once'}): one error line`)
      t.equal(errorLines[0]?.err?.message, 'onSend failed', `${side}: the hook's error is the one logged`)
    }
  }
})

t.test('onError hooks run in registration order with (request, reply, error, done) and the thrown value unchanged', async (t) => {
  const results: Record<string, unknown[]> = {}
  for (const [side, make] of factories) {
    const order: unknown[] = []
    results[side] = order
    const app = make()
    app.addHook('onError', function (_request: unknown, reply: any, error: unknown, done: () => void) {
      order.push(['root first', error, typeof done, reply.statusCode])
      done()
    })
    app.addHook('onError', async (_request: unknown, reply: any, error: unknown) => { order.push(['root second', error, reply.statusCode]) })
    app.register(async (child: any) => {
      child.addHook('onError', async (_request: unknown, _reply: unknown, error: unknown) => { order.push(['child', error]) })
      child.get('/child', async () => { throw 'from child' }) // eslint-disable-line no-throw-literal
    })
    app.addHook('onError', async (_request: unknown, _reply: unknown, error: unknown) => { order.push(['root after register', error]) })
    app.get('/root', async () => { throw { statusCode: 429, detail: 1 } }) // eslint-disable-line no-throw-literal
    const child = await app.inject('/child')
    const root = await app.inject('/root')
    await app.close()
    order.push(child.statusCode, child.body, root.statusCode, root.body)
  }
  t.same(results.enclave, results.fastify4)
  t.same(results.enclave!.slice(0, 4), [
    ['root first', 'from child', 'function', 200],
    ['root second', 'from child', 200],
    ['child', 'from child'],
    ['root after register', 'from child']
  ])
})

t.test('an onSend hook that also fails on the error response runs the onError hooks again, as in Fastify', async (t) => {
  const results: unknown[][] = []
  for (const [, make] of factories) {
    const seen: unknown[] = []
    const app = make()
    app.addHook('onError', async (_request: unknown, reply: any, error: Error) => { seen.push([error.message, reply.statusCode]) })
    app.addHook('onSend', async () => { throw new Error('onSend failed') })
    app.get('/', async () => ({ ok: true }))
    const response = await app.inject('/')
    await app.close()
    seen.push(response.statusCode, response.body)
    results.push(seen)
  }
  t.same(results[1], results[0])
  t.same(results[0]!.slice(0, 2), [['onSend failed', 200], ['onSend failed', 500]])
})
