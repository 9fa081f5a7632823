import t, { type Test } from 'tap'
import * as v from 'valibot'
import { z } from 'zod'
import { validatorCompiler } from '@enclave/standard-schema'
import { appWith, badRequest } from '../../kit/test/fixtures/app.js'

/**
 * What each library does on its own through the one adapter (coercion of repeated values, defaults,
 * strict objects, async checks, its issues in `cause`), for valibot (no JSON Schema export) and zod 4
 * (exposes `~standard.jsonSchema`). What every adapter must do alike is in ./conformance.test.ts.
 */
interface Kit {
  name: string
  /** { name: string, age: number } */
  userBody: unknown
  /** { n: number, flag?: boolean, ids?: number[], code?: string } */
  itemsQuery: unknown
  /** query { limit: number = 20 }, body { theme: 'dark' | 'light' = 'light' } */
  defaultsQuery: unknown
  defaultsBody: unknown
  /** { name: string }: stripping and strict */
  stripBody: unknown
  strictBody: unknown
  /** { login: string } whose async check refuses 'ada' with "is already taken" */
  signupBody: (taken: Set<string>) => unknown
  messages: {
    nType: string
    strict: string
    taken: string
  }
}

const kits: Kit[] = [
  {
    name: 'valibot',
    userBody: v.object({ name: v.string(), age: v.number() }),
    itemsQuery: v.object({ n: v.number(), flag: v.optional(v.boolean()), ids: v.optional(v.array(v.number())), code: v.optional(v.string()) }),
    defaultsQuery: v.object({ limit: v.optional(v.number(), 20) }),
    defaultsBody: v.object({ theme: v.optional(v.picklist(['dark', 'light']), 'light') }),
    stripBody: v.object({ name: v.string() }),
    strictBody: v.strictObject({ name: v.string() }),
    signupBody: (taken) => v.objectAsync({ login: v.pipeAsync(v.string(), v.checkAsync(async (login) => !taken.has(login), 'is already taken')) }),
    messages: {
      nType: 'querystring/n Invalid type: Expected number but received "five"',
      strict: 'body/isAdmin Invalid key: Expected never but received "isAdmin"',
      taken: 'body/login is already taken'
    }
  },
  {
    name: 'zod 4',
    userBody: z.object({ name: z.string(), age: z.number() }),
    itemsQuery: z.object({ n: z.number(), flag: z.boolean().optional(), ids: z.array(z.number()).optional(), code: z.string().optional() }),
    defaultsQuery: z.object({ limit: z.number().default(20) }),
    defaultsBody: z.object({ theme: z.enum(['dark', 'light']).default('light') }),
    stripBody: z.object({ name: z.string() }),
    strictBody: z.strictObject({ name: z.string() }),
    signupBody: (taken) => z.object({ login: z.string().refine(async (login) => !taken.has(login), 'is already taken') }),
    messages: {
      nType: 'querystring/n Invalid input: expected number, received string',
      strict: 'body Unrecognized key: "isAdmin"',
      taken: 'body/login is already taken'
    }
  }
]

const build = (t: Test) => appWith(t, { validatorCompiler })

for (const kit of kits) {
  t.test(`${kit.name}: query values are coerced; string fields stay strings`, async (t) => {
    const app = build(t)
    app.get('/items', { schema: { querystring: kit.itemsQuery } }, async (request) => request.query)

    const coerced = await app.inject('/items?n=5&flag=true&ids=1&ids=2&code=007')
    t.equal(coerced.statusCode, 200)
    t.strictSame(coerced.json(), { n: 5, flag: true, ids: [1, 2], code: '007' })

    const wrong = await app.inject('/items?n=five')
    t.strictSame(wrong.json(), badRequest(kit.messages.nType))
  })

  t.test(`${kit.name}: defaults fill what the request left out`, async (t) => {
    const app = build(t)
    app.post('/prefs', { schema: { querystring: kit.defaultsQuery, body: kit.defaultsBody } }, async (request) => ({ query: request.query, body: request.body }))
    const response = await app.inject({ method: 'POST', url: '/prefs', payload: {} })
    t.strictSame(response.json(), { query: { limit: 20 }, body: { theme: 'light' } })
  })

  t.test(`${kit.name}: unknown keys are stripped by object schemas, rejected by strict ones`, async (t) => {
    const app = build(t)
    app.post('/strip', { schema: { body: kit.stripBody } }, async (request) => request.body)
    app.post('/strict', { schema: { body: kit.strictBody } }, async (request) => request.body)
    const payload = { name: 'Ada', isAdmin: true }
    t.strictSame((await app.inject({ method: 'POST', url: '/strip', payload })).json(), { name: 'Ada' })
    t.strictSame((await app.inject({ method: 'POST', url: '/strict', payload })).json(), badRequest(kit.messages.strict))
  })

  t.test(`${kit.name}: async checks are awaited`, async (t) => {
    const app = build(t)
    app.post('/signup', { schema: { body: kit.signupBody(new Set(['ada'])) } }, async (request) => request.body)
    t.strictSame((await app.inject({ method: 'POST', url: '/signup', payload: { login: 'grace', x: 1 } })).json(), { login: 'grace' })
    t.strictSame((await app.inject({ method: 'POST', url: '/signup', payload: { login: 'ada' } })).json(), badRequest(kit.messages.taken))
  })

  t.test(`${kit.name}: a custom error handler reads validation, validationContext and the library's issues in cause`, async (t) => {
    const app = build(t)
    app.setErrorHandler(function unprocessable (error: any, _request, reply) {
      return reply.code(422).send({
        part: error.validationContext,
        keywords: error.validation.map((issue: { keyword: string }) => issue.keyword),
        pointers: error.validation.map((issue: { instancePath: string }) => issue.instancePath),
        missing: error.validation[0].params.missingProperty,
        libraryIssues: error.cause.issues.length
      })
    })
    app.post('/users', { schema: { body: kit.userBody } }, async () => 'ok')
    const response = await app.inject({ method: 'POST', url: '/users', payload: { age: 'old' } })
    t.equal(response.statusCode, 422)
    // The library stops at the first issue, as Ajv does.
    t.match(response.json(), { part: 'body', keywords: ['required'], pointers: ['/name'], missing: 'name', libraryIssues: 1 })
  })
}
