// The built-in JSON parser hands a body to JSON.parse alone when it cannot hold a poisoning key:
// bodies on both sides of that line answer as Fastify's (secure-json-parse on every body).
import t, { type Test } from 'tap'
import Fastify4 from 'fastify4'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { createServer, fastify4Profile } from '@enclave/core/internal'
import type { Factory } from './fixtures/faces.js'

type Action = 'error' | 'remove' | 'ignore'

const bodies: string[] = [
  '{"a":1,"b":[true,null,"x"]}',
  '\ufeff{"a":1}',
  '\ufeff{"__proto__":{"polluted":true}}',
  '{"name":"caf\\u00e9","tag":"\\u005f_proto__"}',
  '{"\\u005f_proto__":{"polluted":true}}',
  '{"\\u0063onstructor":{"prototype":{"polluted":true}}}',
  '{"_\\u005fproto__":{"polluted":true},"a":1}',
  '{"__proto__":{"polluted":true},"a":1}',
  '{"constructor":{"prototype":{"polluted":true}},"a":1}',
  '{"constructor":1,"a":1}',
  '{"note":"__proto__ and constructor as words"}',
  '{"a":{"b":{"__proto__" :{"polluted":true}}}}',
  '"__proto__"',
  '12',
  'null',
  '{"a":1',
  '{"a":"\\u00"}'
]

async function answersOf (t: Test, factory: Factory, action: Action): Promise<unknown[]> {
  const app = factory({ onProtoPoisoning: action, onConstructorPoisoning: action })
  app.post('/', async (request: { body: unknown }) => ({
    body: request.body,
    own: typeof request.body === 'object' && request.body !== null ? Object.keys(request.body) : null
  }))
  const answers: unknown[] = []
  for (const payload of bodies) {
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload })
    const parsed = JSON.parse(response.payload) as { message?: string }
    answers.push([payload, response.statusCode, parsed])
  }
  await app.close()
  t.equal(({} as { polluted?: unknown }).polluted, undefined, 'Object.prototype untouched')
  return answers
}

for (const action of ['error', 'remove', 'ignore'] as Action[]) {
  t.test(`JSON bodies with and without poisoning keys answer as Fastify 5 (${action})`, async (t) => {
    const expected = await sameOnBoth(t, async (factory) => await answersOf(t, factory, action))
    // The case list covers both outcomes: some bodies are refused or stripped, some pass whole.
    const statuses = new Set(expected.map((answer) => (answer as [string, number])[1]))
    t.ok(statuses.has(200))
    if (action === 'error') t.ok(statuses.has(400))
  })

  t.test(`JSON bodies with and without poisoning keys answer as Fastify 4 (${action})`, async (t) => {
    const expected = await answersOf(t, Fastify4 as unknown as Factory, action)
    t.same(await answersOf(t, (options) => createServer(options, fastify4Profile), action), expected)
  })
}

t.test('through app.fetch: a BOM is dropped, an escaped __proto__ key refused', async (t) => {
  const { default: enclave } = await import('@enclave/core')
  const app = enclave()
  app.post('/', async (request: { body: unknown }) => ({ body: request.body }))
  const post = async (body: string): Promise<Response> => await app.fetch(new Request('http://localhost/', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body
  }))
  const plain = await post('\ufeff{"a":"caf\\u00e9"}')
  t.equal(plain.status, 200)
  t.same(await plain.json(), { body: { a: 'café' } })
  const poisoned = await post('{"\\u005F_proto__":{"polluted":true}}')
  t.equal(poisoned.status, 400)
  t.equal(({} as { polluted?: unknown }).polluted, undefined)
  await app.close()
})

t.test('Fastify 4: a body that does not parse reaches the error handler with its first line as its stack', async (t) => {
  async function stacksOf (factory: Factory): Promise<string[]> {
    const app = factory()
    app.setErrorHandler((error: Error, _request: unknown, reply: { code: (status: number) => { send: (body: unknown) => void } }) => {
      reply.code(400).send({ stack: error.stack })
    })
    app.post('/', async (request: { body: unknown }) => request.body)
    const stacks: string[] = []
    for (const payload of ['{bad', '{"__proto__":{"polluted":true}}']) {
      const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload })
      stacks.push((JSON.parse(response.payload) as { stack: string }).stack)
    }
    await app.close()
    return stacks
  }
  const expected = await stacksOf(Fastify4 as unknown as Factory)
  t.match(expected, [/^SyntaxError: [^\n]+$/, 'SyntaxError: Object contains forbidden prototype property'])
  t.same(await stacksOf((options) => createServer(options, fastify4Profile)), expected)
})
