import t from 'tap'
import { faces } from './fixtures/faces.js'

const invalidObject = "Attempted to send payload of invalid type 'object'. Expected a string or Buffer."
const invalidNumber = "Attempted to send payload of invalid type 'number'. Expected a string or Buffer."

/** The answer, or 'pending' when none came within the wait (a request Fastify leaves unanswered). */
async function answerOf (app: any, url: string): Promise<unknown> {
  const pending = new Promise((resolve) => setTimeout(() => resolve('pending'), 300))
  const answered = app.inject(url).then((response: any) => [response.statusCode, response.headers['content-type'], response.body])
  return await Promise.race([answered, pending])
}

t.test('send() of an object with a non-JSON type throws FST_ERR_REP_INVALID_PAYLOAD_TYPE to its caller, which may send again, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    const caught: unknown[] = []
    app.get('/resend', (_request: unknown, reply: any) => {
      try {
        reply.type('text/html').send({ a: 1 })
      } catch (error: any) {
        caught.push([error instanceof TypeError, error.code, error.message, error.statusCode, reply.sent])
        reply.send('recovered')
      }
    })
    app.get('/number', (_request: unknown, reply: any) => {
      try {
        reply.type('text/plain').send(42)
      } catch (error: any) {
        caught.push([error.code, error.message])
        reply.type('application/json').send(42)
      }
    })
    results.push([await answerOf(app, '/resend'), await answerOf(app, '/number'), caught])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [
    [200, 'text/html', 'recovered'],
    [200, 'application/json; charset=utf-8', '42'],
    [[true, 'FST_ERR_REP_INVALID_PAYLOAD_TYPE', invalidObject, 500, false], ['FST_ERR_REP_INVALID_PAYLOAD_TYPE', invalidNumber]]
  ])
})

t.test('a caller that catches the error and sends nothing leaves the request unanswered, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    let caught = ''
    app.get('/', async (_request: unknown, reply: any) => {
      try {
        reply.type('text/html').send(true)
      } catch (error: any) {
        caught = error.code
      }
      return reply
    })
    t.equal(await answerOf(app, '/'), 'pending', name)
    t.equal(caught, 'FST_ERR_REP_INVALID_PAYLOAD_TYPE', name)
    await app.close()
  }
})

t.test('uncaught, it answers 500 from a sync handler, an async handler, a hook and an error handler, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory({ logger: false })
    app.get('/sync', (_request: unknown, reply: any) => { reply.type('text/plain').send({ a: 1 }) })
    app.get('/sync-return', (_request: unknown, reply: any) => { reply.type('text/plain'); return { a: 1 } })
    app.get('/async', async (_request: unknown, reply: any) => { reply.type('text/plain'); return { a: 1 } })
    app.get('/hook', { onRequest: (_request: unknown, reply: any, _done: unknown) => { reply.type('text/plain').send({ a: 1 }) } }, () => 'unreached')
    app.get('/hook-then-done', { preHandler: function sendsThenDone (_request: unknown, reply: any, done: () => void) { reply.type('text/plain').send({ a: 1 }); done() } }, () => 'unreached')
    app.register(async function scoped (scope: any) {
      scope.setErrorHandler(async (_error: unknown, _request: unknown, reply: any) => { reply.type('text/plain'); return { a: 1 } })
      scope.get('/error-handler', () => { throw new Error('boom') })
    })
    const answers = []
    for (const url of ['/sync', '/sync-return', '/async', '/hook', '/hook-then-done', '/error-handler']) answers.push(await answerOf(app, url))
    results.push(answers)
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  const fiveHundred = [500, 'application/json; charset=utf-8', JSON.stringify({ statusCode: 500, code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE', error: 'Internal Server Error', message: invalidObject })]
  t.same(results[0], [fiveHundred, fiveHundred, fiveHundred, fiveHundred, fiveHundred, fiveHundred])
})

t.test('a custom serializer that returns no string throws to send()\'s caller, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    const caught: unknown[] = []
    app.get('/reply-serializer', (_request: unknown, reply: any) => {
      try {
        reply.serializer(() => 42).send({ a: 1 })
      } catch (error: any) {
        caught.push(error.message)
        reply.serializer(JSON.stringify).send({ b: 2 })
      }
    })
    app.register(async function scoped (scope: any) {
      scope.setReplySerializer(() => ({ not: 'a string' }))
      scope.get('/set-reply-serializer', (_request: unknown, reply: any) => {
        try {
          reply.send({ a: 1 })
        } catch (error: any) {
          caught.push(error.message)
          reply.type('text/plain').send('fallback')
        }
      })
    })
    results.push([await answerOf(app, '/reply-serializer'), await answerOf(app, '/set-reply-serializer'), caught])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [
    [200, undefined, '{"b":2}'],
    [200, 'text/plain', 'fallback'],
    [invalidNumber, invalidObject]
  ])
})

t.test('with a non-JSON type, an onSend hook gets the payload unserialized and may make it a string; null is an empty body, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    const seen: string[] = []
    app.register(async function withHook (scope: any) {
      scope.addHook('onSend', async (_request: unknown, _reply: unknown, payload: unknown) => {
        seen.push(typeof payload)
        return typeof payload === 'object' ? `as text: ${JSON.stringify(payload)}` : payload
      })
      scope.get('/object', (_request: unknown, reply: any) => { reply.type('text/plain').send({ a: 1 }) })
    })
    app.get('/null', (_request: unknown, reply: any) => { reply.type('text/html').send(null) })
    results.push([await answerOf(app, '/object'), await answerOf(app, '/null'), seen])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [[200, 'text/plain', 'as text: {"a":1}'], [200, 'text/html', ''], ['object']])
})

t.test('an error payload its response schema\'s serializer turns into no string answers 500 without `error`, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    const seen: string[] = []
    app.addHook('onSend', async (_request: unknown, _reply: unknown, payload: unknown) => {
      seen.push(typeof payload)
    })
    app.setSerializerCompiler(() => () => ({ not: 'a string' }))
    app.get('/', { schema: { response: { 500: { type: 'object' } } } }, () => { throw new Error('ops') })
    results.push([await answerOf(app, '/'), seen])
    t.same(results[results.length - 1], results[0], name)
    await app.close()
  }
  t.same(results[0], [[500, 'application/json; charset=utf-8', JSON.stringify({ statusCode: 500, code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE', message: invalidObject })], ['string']])
})
