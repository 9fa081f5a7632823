import { test } from 'tap'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

// Plugins' own test suites (@fastify/cors, @fastify/bearer-auth) read a request's route context through
// `require('fastify/lib/symbols').kRouteContext` to check which hook lists their plugin joined: each list
// is null when the route has no hook of that name, else an array of the hooks that run.
const hookNames = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse', 'onError', 'onTimeout', 'onRequestAbort']

async function observe (factory: (options?: unknown) => any, kRouteContext: symbol): Promise<unknown[]> {
  const app = factory()
  const seen: unknown[] = []
  function shape (context: Record<string, unknown>): Record<string, unknown> {
    const lists: Record<string, unknown> = {}
    for (const name of hookNames) {
      const list = context[name] as Array<{ name: string }> | null
      lists[name] = list === null ? null : list.map((hook) => hook.name)
    }
    return { lists, config: context.config }
  }
  app.addHook('onRequest', function rootOnRequest (_request: unknown, _reply: unknown, done: () => void) { done() })
  app.addHook('onResponse', async function record (request: any, reply: any) {
    const context = request[kRouteContext]
    seen.push({
      url: request.url,
      ...shape(context),
      schemaIsRoutes: context.schema === request.routeOptions.schema,
      replySees: reply[kRouteContext] === context,
      stable: request[kRouteContext] === context
    })
  })
  await app.register(async function scope (child: any) {
    child.addHook('preHandler', async function scopedPreHandler () {})
    child.get('/scoped', {
      config: { role: 'admin' },
      schema: { querystring: { type: 'object', properties: { q: { type: 'string' } } } },
      preValidation: [async function routeA () {}, async function routeB () {}],
      onError: async function routeOnError () {}
    }, async () => ({ ok: true }))
  })
  app.get('/plain', async () => 'plain')
  for (const url of ['/scoped?q=1', '/plain', '/missing']) await app.inject(url)
  await app.close()
  return seen
}

test('request[kRouteContext] shows the route\'s hook lists and config as fastify@5.12.8\'s (@enclave/fastify)', async (t) => {
  const expected = await observe(require('fastify5'), require('fastify5/lib/symbols').kRouteContext)
  const actual = await observe(require('@enclave/fastify'), require('@enclave/fastify/lib/symbols').kRouteContext)
  t.same(actual, expected)
  t.same((expected[0] as { lists: unknown }).lists, {
    onRequest: ['bound rootOnRequest'],
    preParsing: null,
    preValidation: ['bound routeA', 'bound routeB'],
    preHandler: ['bound scopedPreHandler'],
    preSerialization: null,
    onSend: null,
    onResponse: ['bound record'],
    onError: ['bound routeOnError'],
    onTimeout: null,
    onRequestAbort: null
  }, 'what fastify@5.12.8 shows')
})

test('request[kRouteContext] shows the route\'s hook lists and config as fastify@4.29.1\'s (@enclave/fastify4)', async (t) => {
  const expected = await observe(require('fastify4'), require('fastify4/lib/symbols').kRouteContext)
  const actual = await observe(require('@enclave/fastify4'), require('@enclave/fastify4/lib/symbols').kRouteContext)
  t.same(actual, expected)
})
