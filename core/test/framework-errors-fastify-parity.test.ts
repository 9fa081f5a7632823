import t from 'tap'
import { Writable } from 'node:stream'
import Fastify from 'fastify4'
import { errorCodes } from '@enclave/core'
import { faces } from './fixtures/faces.js'

// The frameworkErrors option and the errors routing raises, run on fastify@4.29.1 and both Enclave
// entries: what a user observes must agree.

function failingStrategy () {
  return {
    name: 'tenant',
    storage () {
      const stored = new Map<string, unknown>()
      return { get: (key: string) => stored.get(key) ?? null, set: (key: string, value: unknown) => { stored.set(key, value) } }
    },
    deriveConstraint (_request: unknown, _context: unknown, done: (error: Error | null, value?: unknown) => void) { done(new Error('tenant lookup failed')) },
    validate () {}
  }
}

function answer (response: any): unknown {
  const headers: Record<string, unknown> = {}
  for (const name of Object.keys(response.headers)) if (name !== 'date') headers[name] = response.headers[name]
  return { status: response.statusCode, headers, body: response.body }
}

t.test('a failing async constraint without frameworkErrors: Fastify\'s fixed 500, past every hook and error handler', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown> => {
    const app = factory({ constraints: { tenant: failingStrategy() } })
    app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => { reply.header('x-on-send', '1'); return payload })
    app.setErrorHandler((_error: Error, _request: any, reply: any) => { reply.code(599).send('custom') })
    app.get('/', { constraints: { tenant: 'a' } }, async () => 'ok')
    const response = await app.inject('/')
    await app.close()
    return answer(response)
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, { status: 500, body: '{"error":"Internal Server Error","message":"Unexpected error from async constraint","statusCode":500}' })
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('frameworkErrors receives FST_ERR_ASYNC_CONSTRAINT for a failing async constraint', async (t) => {
  const observe = async (factory: (options?: any) => any, codes: any): Promise<unknown> => {
    let received: Record<string, unknown> = {}
    const app = factory({
      constraints: { tenant: failingStrategy() },
      frameworkErrors (error: any, _request: any, reply: any) {
        received = { name: error.name, code: error.code, statusCode: error.statusCode, message: error.message, keys: Object.keys(error), isError: error instanceof Error, isCoded: error instanceof codes.FST_ERR_ASYNC_CONSTRAINT }
        reply.code(503).send({ unavailable: error.code })
      }
    })
    app.get('/', { constraints: { tenant: 'a' } }, async () => 'ok')
    const response = await app.inject('/')
    await app.close()
    return { response: answer(response), received }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4, Fastify.errorCodes)
  t.match(expected, {
    response: { status: 503, body: '{"unavailable":"FST_ERR_ASYNC_CONSTRAINT"}' },
    received: { name: 'FastifyError', code: 'FST_ERR_ASYNC_CONSTRAINT', statusCode: 500, message: 'Unexpected error from async constraint', keys: ['code', 'name', 'statusCode', 'message'], isError: true, isCoded: true }
  })
  for (const [name, factory] of entries) t.same(await observe(factory, errorCodes), expected, name)
})

t.test('frameworkErrors answers outside every route: no hooks, the default error handler, null params and query, Fastify\'s log lines', async (t) => {
  const cases: Array<[string, (app: any) => void, string]> = [
    ['bad URL', (app) => { app.get('/p/:id', async () => 'ok') }, '/p/%zz?q=1'],
    ['async constraint', (app) => { app.get('/', { constraints: { tenant: 'a' } }, async () => 'ok') }, '/?q=1']
  ]
  const observe = async (factory: (options?: any) => any, declare: (app: any) => void, url: string, sendsError: boolean): Promise<unknown> => {
    const lines: string[] = []
    const stream = new Writable({
      write (chunk, _encoding, done) {
        const line = JSON.parse(String(chunk))
        lines.push(`${line.level} ${line.msg} reqId=${String(line.reqId)} req=${line.req !== undefined} err=${String(line.err?.type)}`)
        done()
      }
    })
    let seen: Record<string, unknown> = {}
    const app = factory({
      logger: { stream },
      constraints: { tenant: failingStrategy() },
      frameworkErrors (error: Error, request: any, reply: any) {
        seen = { params: request.params, query: request.query, routeOptions: { ...request.routeOptions }, is404: request.is404, url: request.url, id: request.id }
        if (sendsError) reply.send(error)
        else reply.header('x-framework', 'yes').send('answered')
      }
    })
    app.addHook('onRequest', async (_request: any, reply: any) => { reply.header('x-on-request', '1') })
    app.addHook('onSend', async (_request: any, reply: any, payload: unknown) => { reply.header('x-on-send', '1'); return payload })
    app.setErrorHandler((_error: Error, _request: any, reply: any) => { reply.code(599).send('custom error handler') })
    declare(app)
    const response = await app.inject(url)
    await app.close()
    return { response: answer(response), seen, lines }
  }
  const [[, fastify4], ...entries] = faces
  for (const [label, declare, url] of cases) {
    for (const sendsError of [true, false]) {
      const expected = await observe(fastify4, declare, url, sendsError)
      t.match(expected, { seen: { params: null, query: null, is404: true } }, `${label}: fastify@4.29.1`)
      for (const [name, factory] of entries) {
        t.same(await observe(factory, declare, url, sendsError), expected, `${label}, ${sendsError ? 'reply.send(error)' : 'its own answer'}: ${name}`)
      }
    }
  }
})
