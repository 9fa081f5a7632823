// A request hook wrapped by a function that passes its arguments through (`(...args) => hook(...args)`,
// as @fastify/otel wraps every hook to time it): Fastify hands `done` to every request hook whatever
// it declares, so the wrapped callback-style hook gets its `done`, and the chain waits for it (called
// now, later, or with an error) or for the promise the wrapper returns. The same on Fastify 4.29 and 5.
import { test } from 'tap'
import { fastify5Faces, faces } from './fixtures/faces.js'

type Hook = (...args: any[]) => unknown

/** What instrumentation does: a wrapper with no declared parameter, forwarding all of them. */
function wrap (hook: Hook): Hook {
  return function wrapped (this: unknown, ...args: unknown[]) { return hook.apply(this, args) }
}

function build (factory: (options?: object) => any): any {
  const app = factory()
  app.decorateRequest('trail', null)
  app.addHook('onRequest', wrap(function first (request: any, _reply: any, done: () => void) {
    request.trail = ['onRequest']
    done()
  }))
  app.addHook('onSend', wrap(function stamp (_request: any, _reply: any, payload: string, done: (error: null, value: string) => void) {
    done(null, `${payload}!`)
  }))
  app.get('/later', {
    preHandler: wrap(function later (request: any, _reply: any, done: () => void) {
      setImmediate(() => { request.trail.push('preHandler'); done() })
    })
  }, async (request: any) => request.trail.concat('handler').join(' > '))
  app.get('/refused', {
    preHandler: wrap(function refuse (_request: any, _reply: any, done: (error: Error) => void) {
      const error = Object.assign(new Error('no entry'), { statusCode: 403 })
      setImmediate(() => done(error))
    })
  }, async () => 'unreached')
  app.get('/async', {
    preHandler: wrap(async function awaited (request: any) {
      await new Promise((resolve) => setImmediate(resolve))
      request.trail.push('async preHandler')
    })
  }, async (request: any) => request.trail.concat('handler').join(' > '))
  return app
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: a hook wrapped with rest parameters receives done`, async (t) => {
    const app = build(factory)
    t.teardown(() => app.close())

    const later = await app.inject('/later')
    t.equal(later.statusCode, 200, 'done called later continues the chain then')
    t.equal(later.body, 'onRequest > preHandler > handler!', 'the wrapped onSend replaced the payload through done')

    const refused = await app.inject('/refused')
    t.equal(refused.statusCode, 403, 'done(error) fails the request with the error')
    t.match(refused.body, /"message":"no entry"/)

    const awaited = await app.inject('/async')
    t.equal(awaited.statusCode, 200, 'a wrapper returning a promise continues when it resolves')
    t.equal(awaited.body, 'onRequest > async preHandler > handler!')
  })
}

/** A wrapper that names the leading parameters and passes the rest through. */
function wrapNamed (hook: Hook): Hook {
  return function wrapped (this: unknown, request: unknown, reply: unknown, ...rest: unknown[]) { return hook.call(this, request, reply, ...rest) }
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: a wrapper with named parameters and a rest parameter passes done through`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    app.addHook('onRequest', wrapNamed(function tag (_request: any, reply: any, done: () => void) {
      reply.header('x-tag', 'on')
      done()
    }))
    app.addHook('preSerialization', wrapNamed(function reshape (_request: any, _reply: any, payload: any, done: (error: null, value: unknown) => void) {
      setImmediate(() => done(null, { wrapped: payload }))
    }))
    app.get('/', async () => ({ a: 1 }))
    const response = await app.inject('/')
    t.equal(response.statusCode, 200)
    t.equal(response.headers['x-tag'], 'on')
    t.same(response.json(), { wrapped: { a: 1 } }, 'the payload done gave later')
  })
}
