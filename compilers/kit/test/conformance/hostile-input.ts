import type { Test } from 'tap'
import type { EnclaveInstance } from '@enclave/core'
import type { ConformanceAdapter } from './adapter.js'
import type { Entry } from './entries.js'
import { expectBadRequest } from './request-parts.js'

const json = { 'content-type': 'application/json' }
const deeplyNested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

function build (t: Test, entry: Entry, options?: object): EnclaveInstance {
  const app = entry.create(options)
  t.teardown(() => app.close())
  return app
}

export function hostileInput (t: Test, adapter: ConformanceAdapter, entry: Entry): void {
  const { body, querystring, headers } = adapter.schemas

  t.test('a deeply nested body answers 400 where a value is declared, never 5xx anywhere', async (t) => {
    const app = build(t, entry)
    app.post('/', { validatorCompiler: adapter.validatorCompiler, schema: { body } }, async () => 'accepted')
    const declared = await app.inject({ method: 'POST', url: '/', headers: json, payload: `{"name":"x","age":${deeplyNested(5000)}}` })
    t.equal(declared.statusCode, 400)
    const undeclared = await app.inject({ method: 'POST', url: '/', headers: json, payload: `{"name":"x","extra":${deeplyNested(5000)}}` })
    t.ok(undeclared.statusCode < 500, `an undeclared key: ${undeclared.statusCode}`)
  })

  t.test('huge strings are validated like any other, never 5xx', async (t) => {
    const app = build(t, entry)
    app.post('/', { validatorCompiler: adapter.validatorCompiler, schema: { body, querystring, headers } }, async (request: any) => ({ length: request.body.name.length }))
    const name = 'x'.repeat(500_000)
    const big = await app.inject({ method: 'POST', url: '/', headers: { 'x-count': '1' }, payload: { name } })
    t.equal(big.statusCode, 200)
    t.strictSame(big.json(), { length: name.length })
    const hugeNumber = await app.inject({ method: 'POST', url: `/?n=${'9'.repeat(5000)}`, headers: { 'x-count': '9'.repeat(5000) }, payload: { name: 'x' } })
    t.ok(hugeNumber.statusCode < 500, `digits beyond any number: ${hugeNumber.statusCode}`)
    const hugeText = await app.inject({ method: 'POST', url: `/?n=${'z'.repeat(5000)}`, headers: { 'x-count': '1' }, payload: { name: 'x' } })
    t.equal(hugeText.statusCode, 400)
  })

  t.test(adapter.protoKey.query === 'data' ? 'a __proto__ query key is data: the converted copy inherits nothing' : 'a __proto__ query key is refused with 400', async (t) => {
    const app = build(t, entry)
    app.get('/', { validatorCompiler: adapter.validatorCompiler, schema: { querystring } }, async (request: any) => ({
      n: request.query.n,
      length: request.query.length ?? null,
      isArray: Array.isArray(request.query)
    }))
    const sent = { url: '/?__proto__=a&__proto__=b&n=5' }
    if (adapter.protoKey.query === 'data') {
      const response = await app.inject(sent)
      t.equal(response.statusCode, 200)
      t.strictSame(response.json(), { n: 5, length: null, isArray: false })
    } else {
      await expectBadRequest(t, app, entry, sent, adapter.protoKey.query.refused)
    }
    t.equal(({} as Record<string, unknown>).n, undefined, 'Object.prototype untouched')
  })

  t.test('__proto__ and constructor.prototype in a JSON body answer 400 by default', async (t) => {
    const app = build(t, entry)
    app.post('/', { validatorCompiler: adapter.validatorCompiler, schema: { body } }, async () => 'accepted')
    for (const payload of ['{"__proto__":{"isAdmin":true},"name":"x"}', '{"constructor":{"prototype":{"isAdmin":true}},"name":"x"}']) {
      const response = await app.inject({ method: 'POST', url: '/', headers: json, payload })
      t.equal(response.statusCode, 400, payload)
    }
    t.equal(({} as Record<string, unknown>).isAdmin, undefined, 'Object.prototype untouched')
  })

  t.test('with onProtoPoisoning: \'ignore\', a __proto__ body key smuggles no property in, converted bodies included', async (t) => {
    const app = build(t, entry, { onProtoPoisoning: 'ignore' })
    app.post('/', { validatorCompiler: adapter.bodyCoercingCompiler, schema: { body } }, async (request: any) => ({
      name: request.body.name,
      age: request.body.age,
      isAdmin: request.body.isAdmin ?? null
    }))
    const response = await app.inject({ method: 'POST', url: '/', headers: json, payload: '{"__proto__":{"isAdmin":true},"name":"x","age":"3"}' })
    if (adapter.protoKey.body === 'dropped') {
      t.equal(response.statusCode, 200)
      t.strictSame(response.json(), { name: 'x', age: 3, isAdmin: null })
    } else {
      t.equal(response.statusCode, 400)
    }
    t.equal(({} as Record<string, unknown>).isAdmin, undefined, 'Object.prototype untouched')
  })
}
