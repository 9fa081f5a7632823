import { test } from 'tap'
import { createRequire } from 'node:module'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

// Async hooks given in a route's options: Fastify checks their parameters only in a list (its rule
// per hook; a GET route's onSend is made a list for its HEAD twin), and runs a single one by its
// promise whatever it declares. Each face against its Fastify, run beside it.
const require = createRequire(import.meta.url)
const fastify4 = (options?: unknown): any => (require('fastify4') as Factory)(options)
const fastify5 = (options?: unknown): any => (require('fastify5') as Factory)(options)

const cases: Array<[string, string, Record<string, unknown>]> = [
  ['an async onRequest declaring done', 'GET', { onRequest: async (_request: unknown, _reply: unknown, _done: unknown) => {} }],
  ['the same in a list', 'GET', { onRequest: [async (_request: unknown, _reply: unknown, _done: unknown) => {}] }],
  ['an async preHandler declaring done', 'GET', { preHandler: async function (_request: unknown, _reply: unknown, _done: unknown) {} }],
  ['an async onResponse declaring done', 'GET', { onResponse: async (_request: unknown, _reply: unknown, _done: unknown) => {} }],
  ['an async onSend declaring done on a GET route', 'GET', { onSend: async (_request: unknown, _reply: unknown, payload: unknown, _done: unknown) => payload }],
  ['an async onSend declaring done on a POST route', 'POST', { onSend: async (_request: unknown, _reply: unknown, payload: unknown, _done: unknown) => `${String(payload)}!` }],
  ['an async onRequestAbort taking nothing', 'GET', { onRequestAbort: async () => {} }],
  ['an async onRequestAbort declaring done', 'GET', { onRequestAbort: async (_request: unknown, _done: unknown) => {} }],
  ['the same in a list', 'GET', { onRequestAbort: [async (_request: unknown, _done: unknown) => {}] }],
  ['an async onRequestAbort taking nothing, in a list', 'GET', { onRequestAbort: [async () => {}] }]
]

async function outcomes (factory: Factory): Promise<string[]> {
  const seen: string[] = []
  for (const [name, method, hooks] of cases) {
    const app = factory()
    let outcome: string
    try {
      app.route({ method, url: '/', ...hooks, handler: async () => 'hi' })
      await app.ready()
      const response = await app.inject({ method, url: '/' })
      outcome = `${response.statusCode} ${response.body}`
    } catch (error) {
      outcome = String((error as { code?: string }).code)
    }
    await app.close()
    seen.push(`${name}: ${outcome}`)
  }
  return seen
}

/** A not-found handler's hooks: Fastify checks none, a list's included. */
async function notFoundOutcomes (factory: Factory): Promise<string[]> {
  const seen: string[] = []
  for (const preHandler of [async (_request: unknown, _reply: unknown, _done: unknown) => {}, [async (_request: unknown, _reply: unknown, _done: unknown) => {}]]) {
    const app = factory()
    let outcome: string
    try {
      app.setNotFoundHandler({ preHandler }, (_request: unknown, reply: any) => { reply.code(404).send('not here') })
      await app.ready()
      const response = await app.inject('/nope')
      outcome = `${response.statusCode} ${response.body}`
    } catch (error) {
      outcome = String((error as { code?: string }).code)
    }
    await app.close()
    seen.push(outcome)
  }
  return seen
}

test('not-found handlers\' hooks are not checked, as in Fastify', async (t) => {
  for (const factory of [fastify4, fastify5, enclaveFaces[1]![1], fastify5Face[1]]) t.same(await notFoundOutcomes(factory), ['404 not here', '404 not here'])
})

test('@enclave/fastify checks and runs async route hooks as fastify@5.12.8', async (t) => {
  const expected = await outcomes(fastify5)
  t.same(await outcomes(fastify5Face[1]), expected)
  t.equal(expected[0], 'an async onRequest declaring done: 200 hi', 'a single one runs by its promise')
  t.equal(expected[1], 'the same in a list: FST_ERR_HOOK_INVALID_ASYNC_HANDLER')
})

test('@enclave/fastify4 checks and runs async route hooks as fastify@4.29.1', async (t) => {
  t.same(await outcomes(enclaveFaces[1]![1]), await outcomes(fastify4))
})
