import t, { type Test } from 'tap'
import { z } from 'zod'
import * as zm from 'zod/mini'
import type { ValidatorCompiler } from '@enclave/core'
import { createValidatorCompiler, validatorCompiler } from '@enclave/zod'
import { appWith, badRequest } from '../../kit/test/fixtures/app.js'

const build = (t: Test, compiler: ValidatorCompiler) => appWith(t, { validatorCompiler: compiler })

t.test('coerce: false leaves strings alone; z.coerce and z.stringbool do the work instead', async (t) => {
  const app = build(t, createValidatorCompiler({ coerce: false }))
  app.get('/plain', { schema: { querystring: z.object({ n: z.number() }) } }, async (request) => request.query)
  app.get('/coerced', { schema: { querystring: z.object({ n: z.coerce.number(), flag: z.stringbool() }) } }, async (request) => request.query)

  t.strictSame((await app.inject('/plain?n=5')).json(), badRequest('querystring/n should be number'))
  t.strictSame((await app.inject('/coerced?n=5&flag=false')).json(), { n: 5, flag: false })
})

t.test('coerce: a list of parts converts those parts only', async (t) => {
  const app = build(t, createValidatorCompiler({ coerce: ['querystring'] }))
  app.get('/:id', { schema: { params: z.object({ id: z.number() }), querystring: z.object({ n: z.number() }) } }, async (request) => ({ params: request.params, query: request.query }))

  t.strictSame((await app.inject('/1?n=2')).json(), badRequest('params/id should be number'))
  const app2 = build(t, createValidatorCompiler({ coerce: ['params', 'querystring'] }))
  app2.get('/:id', { schema: { params: z.object({ id: z.number() }), querystring: z.object({ n: z.number() }) } }, async (request) => ({ params: request.params, query: request.query }))
  t.strictSame((await app2.inject('/1?n=2')).json(), { params: { id: 1 }, query: { n: 2 } })
})

t.test('the body is not coerced by default, and is when asked (form bodies)', async (t) => {
  const schema = z.object({ qty: z.int() })
  const validateDefault = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })
  t.match(validateDefault({ qty: '2' }), { error: { validation: [{ keyword: 'type' }] } })
  const validateForm = createValidatorCompiler({ coerce: ['body'] })({ schema, method: 'POST', url: '/', httpPart: 'body' })
  t.strictSame(validateForm({ qty: '2' }), { value: { qty: 2 } })
})

t.test('synchronous schemas validate synchronously; async ones return a promise', async (t) => {
  const sync = validatorCompiler({ schema: z.object({ a: z.string() }), method: 'POST', url: '/', httpPart: 'body' })
  const result = sync({ a: 'x' })
  t.notOk(result instanceof Promise, 'no promise for a plain schema')
  t.strictSame(result, { value: { a: 'x' } })

  const asyncSchema = z.object({ a: z.string().refine(async (value) => value !== 'no', 'refused') })
  const auto = validatorCompiler({ schema: asyncSchema, method: 'POST', url: '/', httpPart: 'body' })
  const first = auto({ a: 'yes' })
  t.ok(first instanceof Promise, 'known from the schema, before the first parse')
  t.strictSame(await first, { value: { a: 'yes' } })
  const refused = await auto({ a: 'no' }) as { error: { message: string } }
  t.equal(refused.error.message, 'body/a refused')

  const always = createValidatorCompiler({ async: true })({ schema: z.object({ a: z.string() }), method: 'POST', url: '/', httpPart: 'body' })
  const promised = always({ a: 'x' })
  t.ok(promised instanceof Promise, 'async: true always uses safeParseAsync')
  t.strictSame(await promised, { value: { a: 'x' } })
})

const returnsPromise = (schema: unknown, input: unknown) => {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })
  const result = validate(input)
  return result instanceof Promise
}

t.test("async: 'auto' parses synchronously a schema without code of the user's, whatever its shape", async (t) => {
  const Tree: z.ZodType<{ name: string, children: unknown[] }> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }))
  const syncSchemas: Record<string, [unknown, unknown]> = {
    'an object of primitives': [z.object({ a: z.string(), b: z.int().min(1, 'at least one') }), { a: 'x', b: 1 }],
    'string formats, trim and case': [z.object({ email: z.email(), name: z.string().trim().toLowerCase() }), { email: 'a@b.c', name: ' A ' }],
    'unions, records, tuples, enums': [z.union([z.record(z.string(), z.number()), z.tuple([z.string()], z.number()), z.enum(['a'])]), ['x', 1]],
    'defaults and catch with functions': [z.object({ a: z.string().default(() => 'd'), b: z.number().catch(() => 0) }), {}],
    'a recursive lazy schema': [Tree, { name: 'root', children: [{ name: 'leaf', children: [] }] }],
    'zod/mini with checks': [zm.object({ name: zm.string().check(zm.minLength(2)) }), { name: 'Ada' }]
  }
  for (const [name, [schema, input]] of Object.entries(syncSchemas)) t.notOk(returnsPromise(schema, input), name)
})

t.test("async: 'auto' parses with safeParseAsync any schema running code of the user's, so a promise it returns is always awaited", async (t) => {
  const Tree: z.ZodType<{ name: string, children: unknown[] }> = z.lazy(() => z.object({ name: z.string().refine((name) => name !== ''), children: z.array(Tree) }))
  const userCode: Record<string, [unknown, unknown]> = {
    'a refine (even a synchronous one)': [z.object({ a: z.string().refine((value) => value !== '') }), { a: 'x' }],
    'a superRefine': [z.string().superRefine(() => {}), 'x'],
    'a check': [z.string().check(() => {}), 'x'],
    'z.custom': [z.custom<string>((value) => typeof value === 'string'), 'x'],
    'a transform': [z.object({ n: z.string().transform(Number) }), { n: '1' }],
    'a preprocess': [z.preprocess((value) => value, z.string()), 'x'],
    'a codec': [z.codec(z.string(), z.number(), { decode: Number, encode: String }), '1'],
    'z.promise': [z.promise(z.string()), Promise.resolve('x')],
    'a rule under an optional key of a union branch': [z.union([z.number(), z.object({ id: z.string().refine(async () => true).optional() })]), 1],
    'a rule inside a recursive lazy schema': [Tree, { name: 'root', children: [] }],
    'a zod/mini refine': [zm.string().check(zm.refine((value) => value !== '')), 'x']
  }
  for (const [name, [schema, input]] of Object.entries(userCode)) t.ok(returnsPromise(schema, input), name)

  let calls = 0
  const counted = validatorCompiler({ schema: z.string().refine(() => { calls++; return true }), method: 'POST', url: '/', httpPart: 'body' })
  t.strictSame(await counted('x'), { value: 'x' })
  t.equal(calls, 1, 'a rule runs once per parse (no synchronous attempt before the async one)')
})

t.test('parseOptions pass through to Zod: an error map of the caller\'s wins, reportInput is kept', async (t) => {
  const app = build(t, createValidatorCompiler({
    parseOptions: { error: (issue) => issue.code === 'invalid_type' ? `needs a ${String(issue.expected)}` : undefined, reportInput: true }
  }))
  app.setErrorHandler(function withInput (error: any, _request, reply) {
    return reply.code(400).send({ message: error.message, input: error.cause.issues[0].input })
  })
  app.post('/', { schema: { body: z.object({ n: z.number() }) } }, async () => 'ok')
  t.strictSame((await app.inject({ method: 'POST', url: '/', payload: { n: 'x' } })).json(), { message: 'body/n needs a number', input: 'x' })
})

t.test('zod/mini schemas work the same way', async (t) => {
  const app = build(t, validatorCompiler)
  app.post('/:id', {
    schema: {
      params: zm.object({ id: zm.number() }),
      body: zm.object({ name: zm.string().check(zm.minLength(2)), tags: zm._default(zm.array(zm.string()), []) })
    }
  }, async (request) => ({ params: request.params, body: request.body }))

  t.strictSame((await app.inject({ method: 'POST', url: '/7', payload: { name: 'Ada', x: 1 } })).json(), { params: { id: 7 }, body: { name: 'Ada', tags: [] } })
  t.strictSame((await app.inject({ method: 'POST', url: '/7', payload: { name: 'A' } })).json(), badRequest('body/name should NOT have fewer than 2 characters'))
})

t.test('compile: false validates through the plain parser, with the same results', async (t) => {
  const schema = z.object({ n: z.number().min(1), s: z.string().default('d') })
  const compiled = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })
  const plain = createValidatorCompiler({ compile: false })({ schema, method: 'POST', url: '/', httpPart: 'body' })
  for (const data of [{ n: 2 }, { n: 0 }, { n: 'x', extra: 1 }, {}]) {
    const a = compiled(data) as any
    const b = plain(data) as any
    t.strictSame(a.value, b.value, JSON.stringify(data))
    t.strictSame(a.error?.validation, b.error?.validation, JSON.stringify(data))
  }
})
