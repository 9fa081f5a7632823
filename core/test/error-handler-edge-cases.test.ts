// Error handlers and onError hooks that misbehave, run on fastify@4.29.1 and on Enclave: the answers
// and what is logged must agree.
import t from 'tap'
import { Writable } from 'node:stream'
import Fastify from 'fastify4'
import enclave from '@enclave/core'

type Build = (app: any, seen: string[]) => void

interface Outcome { statusCode: number, body: string, contentType: unknown, seen: string[], logged: string[] }

async function outcome (make: (options: Record<string, unknown>) => any, build: Build): Promise<Outcome> {
  const logged: string[] = []
  const stream = new Writable({
    write (chunk, _encoding, callback) {
      const line = JSON.parse(chunk.toString())
      if (line.level >= 40) logged.push(`${String(line.level)}: ${String(line.err?.message ?? line.msg)}`)
      callback()
    }
  })
  const app = make({ logger: { level: 'info', stream } })
  const seen: string[] = []
  build(app, seen)
  const response = await app.inject('/')
  await app.close()
  return { statusCode: response.statusCode, body: response.body, contentType: response.headers['content-type'], seen, logged }
}

async function sameAsFastify (t: any, build: Build): Promise<Outcome> {
  const fastify = await outcome((options) => Fastify(options as any), build)
  const ours = await outcome((options) => enclave(options as any), build)
  t.same(ours, fastify)
  return ours
}

t.test('an async error handler that resolves without sending answers an empty reply with the status it left, never hangs', async (t) => {
  const left = await sameAsFastify(t, (app, seen) => {
    app.setErrorHandler(async (_error: Error, _request: unknown, reply: any) => { seen.push('handler'); reply.code(503) })
    app.get('/', async () => { throw new Error('boom') })
  })
  t.equal(left.statusCode, 503)
  t.equal(left.body, '')
  const untouched = await sameAsFastify(t, (app) => {
    app.setErrorHandler(async () => {})
    app.get('/', async () => { throw new Error('boom') })
  })
  t.equal(untouched.statusCode, 200)
})

t.test('an async error handler that returns the reply and sends later is waited for', async (t) => {
  const late = await sameAsFastify(t, (app) => {
    app.setErrorHandler(async (_error: Error, _request: unknown, reply: any) => {
      setTimeout(() => reply.send('sent later'), 10)
      return reply
    })
    app.get('/', async () => { throw new Error('boom') })
  })
  t.equal(late.body, 'sent later')
})

t.test('a failing onError hook is ignored (the next ones are skipped) and the error is answered as usual', async (t) => {
  const result = await sameAsFastify(t, (app, seen) => {
    app.addHook('onError', async () => { throw new Error('onError failed') })
    app.addHook('onError', async () => { seen.push('second onError') })
    app.get('/', async () => { throw new Error('boom') })
  })
  t.equal(result.statusCode, 500)
  t.same(result.logged, ['50: boom'])
})

t.test('onError hooks cannot send: reply.send throws FST_ERR_SEND_INSIDE_ONERR', async (t) => {
  const result = await sameAsFastify(t, (app, seen) => {
    app.addHook('onError', async (_request: unknown, reply: any) => {
      try { reply.send('from onError') } catch (error: any) { seen.push(error.code) }
    })
    app.get('/', async () => { throw new Error('boom') })
  })
  t.same(result.seen, ['FST_ERR_SEND_INSIDE_ONERR'])
})

t.test('the default error response skips preSerialization and goes through onSend with its status and content type', async (t) => {
  const result = await sameAsFastify(t, (app, seen) => {
    app.addHook('preSerialization', async (_request: unknown, _reply: unknown, payload: unknown) => { seen.push(`preSerialization ${JSON.stringify(payload)}`); return payload })
    app.addHook('onSend', async (_request: unknown, reply: any, payload: unknown) => { seen.push(`onSend ${String(reply.statusCode)} ${String(reply.getHeader('content-type'))}`); return payload })
    app.get('/', async () => { throw new Error('boom') })
  })
  t.same(result.seen, ['onSend 500 application/json; charset=utf-8'])
})
