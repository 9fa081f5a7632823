import t, { type Test } from 'tap'
import { z } from 'zod'
import { validatorCompiler } from '@enclave/zod'
import { appWith, badRequest } from '../../kit/test/fixtures/app.js'

const build = (t: Test) => appWith(t, { validatorCompiler })

t.test('a value of the wrong type: "body/age should be number"', async (t) => {
  const app = build(t)
  app.post('/users', { schema: { body: z.object({ name: z.string(), age: z.number(), tags: z.array(z.string()).optional() }) } }, async (request) => request.body)

  const wrong = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada', age: 'old' } })
  t.strictSame(wrong.json(), badRequest('body/age should be number'))

  const several = await app.inject({ method: 'POST', url: '/users', payload: { name: 7, age: 'old', tags: ['a', 2] } })
  t.strictSame(several.json(), badRequest('body/name should be string'), 'the first issue, as Ajv (allErrors: false) reports')

  const noBody = await app.inject({ method: 'POST', url: '/users', payload: 'null', headers: { 'content-type': 'application/json' } })
  t.strictSame(noBody.json(), badRequest('body should be object'))
})

t.test('constraint failures read like the default validator\'s', async (t) => {
  const app = build(t)
  app.post('/constraints', {
    schema: {
      body: z.object({
        name: z.string().min(2).max(5).optional(),
        age: z.int().min(18).lt(130).optional(),
        ratio: z.number().gt(0).optional(),
        tags: z.array(z.string()).min(1).max(1).optional(),
        email: z.email().optional(),
        code: z.string().regex(/^[A-Z]+$/).optional(),
        step: z.number().multipleOf(5).optional(),
        kind: z.enum(['a', 'b']).optional(),
        fixed: z.literal('x').optional(),
        since: z.date().min(new Date(Date.UTC(2020, 0, 1))).optional()
      })
    }
  }, async () => 'ok')

  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: 'a' }, 'body/name should NOT have fewer than 2 characters'],
    [{ name: 'abcdef' }, 'body/name should NOT have more than 5 characters'],
    [{ age: 17 }, 'body/age should be >= 18'],
    [{ age: 130 }, 'body/age should be < 130'],
    [{ age: 18.5 }, 'body/age should be integer'],
    [{ ratio: 0 }, 'body/ratio should be > 0'],
    [{ tags: ['a', 'b'] }, 'body/tags should NOT have more than 1 items'],
    [{ tags: [] }, 'body/tags should NOT have fewer than 1 items'],
    [{ email: 'nope' }, 'body/email should match format "email"'],
    [{ code: 'abc' }, 'body/code should match pattern "^[A-Z]+$"'],
    [{ step: 7 }, 'body/step should be multiple of 5'],
    [{ kind: 'c' }, 'body/kind should be equal to one of the allowed values'],
    [{ fixed: 'y' }, 'body/fixed should be equal to constant']
  ]
  for (const [payload, message] of cases) {
    const response = await app.inject({ method: 'POST', url: '/constraints', payload })
    t.strictSame(response.json(), badRequest(message), JSON.stringify(payload))
  }
})

t.test('query values are coerced to the declared types; string fields stay strings', async (t) => {
  const app = build(t)
  app.get('/items', {
    schema: {
      querystring: z.object({
        n: z.number(),
        flag: z.boolean().optional(),
        ids: z.array(z.int()).optional(),
        code: z.string().optional(),
        either: z.union([z.number(), z.literal('all')]).optional()
      })
    }
  }, async (request) => request.query)

  const coerced = await app.inject('/items?n=5&flag=true&ids=7&code=007&either=3')
  t.equal(coerced.statusCode, 200)
  t.strictSame(coerced.json(), { n: 5, flag: true, ids: [7], code: '007', either: 3 }, 'number, boolean, a lone value wrapped into an array')

  const repeated = await app.inject('/items?n=1.5&ids=1&ids=2&either=all')
  t.strictSame(repeated.json(), { n: 1.5, ids: [1, 2], either: 'all' })

  const wrong = await app.inject('/items?n=five')
  t.strictSame(wrong.json(), badRequest('querystring/n should be number'))

  const empty = await app.inject('/items?n=')
  t.strictSame(empty.json(), badRequest('querystring/n should be number'), 'an empty value is not 0')

  const notBoolean = await app.inject('/items?n=1&flag=yes')
  t.strictSame(notBoolean.json(), badRequest('querystring/flag should be boolean'))

  const missing = await app.inject('/items')
  t.strictSame(missing.json(), badRequest("querystring should have required property 'n'"))
})

t.test('defaults fill what the request left out', async (t) => {
  const app = build(t)
  app.post('/prefs', {
    schema: {
      querystring: z.object({ limit: z.int().default(20), tags: z.array(z.string()).default([]) }),
      body: z.object({ theme: z.enum(['dark', 'light']).default('light'), size: z.number().default(12) })
    }
  }, async (request) => ({ query: request.query, body: request.body }))

  const response = await app.inject({ method: 'POST', url: '/prefs', payload: { size: 14 } })
  t.strictSame(response.json(), { query: { limit: 20, tags: [] }, body: { theme: 'light', size: 14 } })
})

t.test('unknown keys: z.object strips them, z.strictObject rejects them, z.looseObject keeps them', async (t) => {
  const app = build(t)
  app.post('/strip', { schema: { body: z.object({ name: z.string() }) } }, async (request) => request.body)
  app.post('/strict', { schema: { body: z.strictObject({ name: z.string() }) } }, async (request) => request.body)
  app.post('/loose', { schema: { body: z.looseObject({ name: z.string() }) } }, async (request) => request.body)
  const payload = { name: 'Ada', isAdmin: true }

  t.strictSame((await app.inject({ method: 'POST', url: '/strip', payload })).json(), { name: 'Ada' })
  t.strictSame((await app.inject({ method: 'POST', url: '/strict', payload })).json(), badRequest('body should NOT have additional properties'))
  t.strictSame((await app.inject({ method: 'POST', url: '/loose', payload })).json(), { name: 'Ada', isAdmin: true })
})

t.test('async refinements are awaited (parseAsync is picked on its own)', async (t) => {
  const app = build(t)
  const taken = new Set(['ada'])
  let checks = 0
  app.post('/signup', {
    schema: {
      body: z.object({
        login: z.string().min(2).refine(async (login) => { checks++; await new Promise((resolve) => setTimeout(resolve, 5)); return !taken.has(login) }, 'is already taken')
      })
    }
  }, async (request) => request.body)

  const free = await app.inject({ method: 'POST', url: '/signup', payload: { login: 'grace', extra: 1 } })
  t.equal(free.statusCode, 200)
  t.strictSame(free.json(), { login: 'grace' })

  const used = await app.inject({ method: 'POST', url: '/signup', payload: { login: 'ada' } })
  t.strictSame(used.json(), badRequest('body/login is already taken'), 'the refinement\'s own message')

  const short = await app.inject({ method: 'POST', url: '/signup', payload: { login: 'a' } })
  t.strictSame(short.json(), badRequest('body/login should NOT have fewer than 2 characters'))
  t.ok(checks >= 2, 'the async check ran')
})

t.test('messages written in the schema win over the Ajv wording', async (t) => {
  const app = build(t)
  app.post('/custom', {
    schema: {
      body: z.object({
        name: z.string({ error: (issue) => issue.input === undefined ? 'Name is required' : 'Name must be text' }),
        age: z.number().min(18, 'Adults only'),
        password: z.string(),
        confirm: z.string()
      }).refine((body) => body.password === body.confirm, { message: 'Passwords differ', path: ['confirm'] })
    }
  }, async () => 'ok')

  const missing = await app.inject({ method: 'POST', url: '/custom', payload: { age: 12, password: 'a', confirm: 'a' } })
  t.strictSame(missing.json(), badRequest('body Name is required'))

  const refined = await app.inject({ method: 'POST', url: '/custom', payload: { name: 'Ada', age: 30, password: 'a', confirm: 'b' } })
  t.strictSame(refined.json(), badRequest('body/confirm Passwords differ'))
})
