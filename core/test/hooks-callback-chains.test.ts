// Callback-style hooks resume their chain through `done`, which must know which request and which
// chain it belongs to. Each case runs on fastify@4.29.1 and on Enclave, and what a client and the
// hooks observe must agree: concurrent requests, `done` called now or later, `done` with a payload
// or an error, a hook that answers and so runs another chain of the same request, a hook that both
// returns a promise and calls `done`.
import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'

const factories: Array<[string, () => any]> = [
  ['fastify4', () => Fastify()],
  ['enclave', () => enclave()]
]

/** Calls `fn` now when `delay` is 0, else after `delay` turns of the event loop. */
function later (delay: number, fn: () => void): void {
  if (delay === 0) fn()
  else setTimeout(fn, delay)
}

async function bothAgree (t: any, build: (app: any, seen: string[]) => void, requests: Array<Record<string, any>>): Promise<void> {
  const outcomes: string[][] = []
  for (const [name, make] of factories) {
    const app = make()
    const seen: string[] = []
    build(app, seen)
    await app.ready()
    const results: string[] = []
    const responses = await Promise.all(requests.map((request) => app.inject(request)))
    for (const response of responses) results.push(`${response.statusCode} ${response.headers['content-type'] ?? ''} ${response.body}`)
    results.push(`hooks: ${seen.sort().join(', ')}`)
    await app.close()
    outcomes.push(results)
    t.ok(results.length > 1, `${name} answered`)
  }
  t.same(outcomes[1], outcomes[0], 'Enclave observes what fastify@4.29 does')
}

t.test('concurrent requests through ten levels of callback-style hooks each resume their own chain', async (t) => {
  await bothAgree(t, (app, seen) => {
    function level (depth: number) {
      return function plugin (instance: any, _options: unknown, done: () => void) {
        instance.addHook('onRequest', function onRequest (request: any, _reply: any, next: () => void) {
          // Requests finish their hooks in a different order than they arrived.
          later(Number(request.query.delay) % (depth + 2), () => {
            request.trail = (request.trail ?? '') + 'r' + depth
            next()
          })
        })
        instance.addHook('preHandler', function preHandler (request: any, _reply: any, next: () => void) {
          later(depth % 2 === 0 ? 0 : Number(request.query.delay) % 3, () => {
            request.trail += 'h' + depth
            next()
          })
        })
        if (depth === 10) {
          instance.get('/deep', async (request: any) => {
            seen.push(`${request.query.id}:${request.trail}`)
            return { id: request.query.id, trail: request.trail }
          })
        } else {
          instance.register(level(depth + 1))
        }
        done()
      }
    }
    app.register(level(1))
  }, Array.from({ length: 12 }, (_, i) => ({ url: `/deep?id=${i}&delay=${(i * 7) % 5}` })))
})

t.test('done(null, payload) replaces the payload whether it is called now or later, and falsy errors are not failures', async (t) => {
  for (const delay of [0, 2]) {
    await bothAgree(t, (app, seen) => {
      app.addHook('preSerialization', function preSerialization (_request: any, _reply: any, payload: any, done: any) {
        later(delay, () => { done(null, { ...payload, serialized: true }) })
      })
      app.addHook('onSend', function first (_request: any, _reply: any, payload: any, done: any) {
        seen.push(`first saw ${payload}`)
        later(delay, () => { done(0, payload.replace('true', '"yes"')) })
      })
      app.addHook('onSend', function second (_request: any, _reply: any, payload: any, done: any) {
        seen.push(`second saw ${payload}`)
        later(delay, () => { done(false) })
      })
      app.get('/', async () => ({ hello: 'world' }))
    }, [{ url: '/' }])
  }
})

t.test('done(error) now or later answers through the error handler, and the rest of the chain is skipped', async (t) => {
  for (const delay of [0, 2]) {
    for (const phase of ['onRequest', 'preValidation', 'preHandler']) {
      await bothAgree(t, (app, seen) => {
        app.addHook(phase, function failing (_request: any, _reply: any, done: any) {
          seen.push('failing')
          later(delay, () => { done(Object.assign(new Error(`${phase} failed`), { statusCode: 418 })) })
        })
        app.addHook(phase, function skipped (_request: any, _reply: any, done: any) { seen.push('skipped'); done() })
        app.addHook('onError', function onError (_request: any, _reply: any, error: Error, done: any) { seen.push(`onError ${error.message}`); done() })
        app.get('/', async () => { seen.push('handler'); return 'handler' })
      }, [{ url: '/' }])
    }
  }
})

t.test('a callback-style hook that sends runs the onSend chain of the same request, then its chain stops', async (t) => {
  for (const delay of [0, 2]) {
    await bothAgree(t, (app, seen) => {
      app.addHook('onRequest', function answering (_request: any, reply: any, done: any) {
        later(delay, () => {
          reply.code(202).send({ early: true })
          seen.push('answered')
          done()
        })
      })
      app.addHook('onRequest', function skipped (_request: any, _reply: any, done: any) { seen.push('skipped'); done() })
      app.addHook('onSend', function onSend (_request: any, _reply: any, payload: any, done: any) {
        seen.push(`onSend ${payload}`)
        done(null, payload.replace('true', 'false'))
      })
      app.addHook('onResponse', function onResponse (_request: any, reply: any, done: any) { seen.push(`onResponse ${reply.statusCode}`); done() })
      app.get('/', async () => { seen.push('handler'); return 'handler' })
    }, [{ url: '/' }, { url: '/' }])
  }
})

t.test('a callback-style hook that returns a promise and calls done continues the chain once', async (t) => {
  await bothAgree(t, (app, seen) => {
    app.addHook('preHandler', function both (_request: any, _reply: any, done: any) {
      seen.push('both')
      done()
      return Promise.resolve()
    })
    app.addHook('preHandler', function promiseOnly (_request: any, _reply: any, _done: any) {
      seen.push('promise only')
      return new Promise((resolve) => setTimeout(resolve, 2))
    })
    app.addHook('preHandler', function next (_request: any, _reply: any, done: any) { seen.push('next'); done() })
    app.get('/', async () => { seen.push('handler'); return 'ok' })
  }, [{ url: '/' }, { url: '/' }])
})

t.test('a hook that calls done twice continues its chain once', async (t) => {
  for (const delay of [0, 2]) {
    await bothAgree(t, (app, seen) => {
      app.addHook('onRequest', function twice (_request: any, _reply: any, done: any) {
        seen.push('twice')
        later(delay, () => { done(); done() })
      })
      app.addHook('onRequest', function after (_request: any, _reply: any, done: any) { seen.push('after'); done() })
      app.addHook('preHandler', function twiceBefore (_request: any, _reply: any, done: any) { seen.push('preHandler'); done(); done() })
      app.addHook('onSend', function onSendTwice (_request: any, _reply: any, payload: any, done: any) {
        seen.push(`onSend ${payload}`)
        done(null, `${payload}!`)
        done(null, `${payload}?`)
      })
      app.addHook('onResponse', function onResponse (_request: any, reply: any, done: any) { seen.push(`onResponse ${reply.statusCode}`); done(); done() })
      app.get('/', function () { seen.push('handler'); return 'handler' })
    }, [{ url: '/' }, { url: '/' }])
  }
})
