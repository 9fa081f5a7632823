import t, { type Test } from 'tap'
import * as v from 'valibot'
import { z } from 'zod'
import type { ValidatorCompiler } from '@enclave/core'
import { createValidatorCompiler, validatorCompiler } from '@enclave/standard-schema'
import { appWith, badRequest } from '../../kit/test/fixtures/app.js'

const build = (t: Test, compiler: ValidatorCompiler = validatorCompiler) => appWith(t, { validatorCompiler: compiler })

t.test('without a JSON Schema (valibot): failing strings that read as numbers or booleans are converted and validated again', async (t) => {
  const app = build(t)
  app.get('/pages/:page', {
    schema: {
      params: v.object({ page: v.pipe(v.number(), v.minValue(1)) }),
      querystring: v.object({ size: v.optional(v.number(), 10), zip: v.optional(v.string()), all: v.optional(v.boolean()), either: v.optional(v.union([v.number(), v.literal('all')])) })
    }
  }, async (request) => ({ params: request.params, query: request.query }))

  t.strictSame((await app.inject('/pages/2?size=5&zip=01234&all=false&either=3')).json(), { params: { page: 2 }, query: { size: 5, zip: '01234', all: false, either: 3 } })
  t.strictSame((await app.inject('/pages/2?either=all')).json().query, { size: 10, either: 'all' })
  t.strictSame((await app.inject('/pages/0')).json(), badRequest('params/page Invalid value: Expected >=1 but received 0'), 'reported as converted: the minimum is what failed')
  t.strictSame((await app.inject('/pages/x')).json(), badRequest('params/page Invalid type: Expected number but received "x"'))
})

t.test('without a JSON Schema, a lone value is not turned into a list; a repeated parameter is converted item by item', async (t) => {
  const app = build(t)
  app.get('/ids', { schema: { querystring: v.object({ ids: v.array(v.number()) }) } }, async (request) => request.query)
  t.strictSame((await app.inject('/ids?ids=1&ids=2')).json(), { ids: [1, 2] })
  t.equal((await app.inject('/ids?ids=1')).statusCode, 400)
})

t.test('with a JSON Schema (zod 4): values are converted up front, a lone value becomes a list', async (t) => {
  const app = build(t)
  app.get('/ids', { schema: { querystring: z.object({ ids: z.array(z.int()), either: z.union([z.number(), z.literal('all')]).optional() }) } }, async (request) => request.query)
  t.strictSame((await app.inject('/ids?ids=1')).json(), { ids: [1] })
  t.strictSame((await app.inject('/ids?ids=1&ids=2&either=all')).json(), { ids: [1, 2], either: 'all' })
})

t.test('coerce: false leaves strings to the library (v.toNumber, z.coerce)', async (t) => {
  const app = build(t, createValidatorCompiler({ coerce: false }))
  app.get('/plain', { schema: { querystring: v.object({ n: v.number() }) } }, async (request) => request.query)
  app.get('/valibot', { schema: { querystring: v.object({ n: v.pipe(v.string(), v.toNumber(), v.number()) }) } }, async (request) => request.query)
  app.get('/zod', { schema: { querystring: z.object({ n: z.coerce.number() }) } }, async (request) => request.query)

  t.equal((await app.inject('/plain?n=5')).statusCode, 400)
  t.strictSame((await app.inject('/valibot?n=5')).json(), { n: 5 })
  t.strictSame((await app.inject('/zod?n=5')).json(), { n: 5 })
})

t.test('the body is not coerced unless listed', async (t) => {
  const schema = v.object({ qty: v.number() })
  const plain = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })
  t.match(plain({ qty: '2' }), { error: { validation: [{ instancePath: '/qty' }] } })
  const form = createValidatorCompiler({ coerce: ['body'] })({ schema, method: 'POST', url: '/', httpPart: 'body' })
  t.strictSame(form({ qty: '2' }), { value: { qty: 2 } })
})
