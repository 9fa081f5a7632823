// Every compiler against the spec's validation and serialization rules, table-driven: the same route
// shape, written in each library, mounted side by side in one server on 127.0.0.1 (each compiler set
// on its own plugin context), receives the same requests and must give the same statuses.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, RouteSchema, SerializerCompiler, ValidatorCompiler, ValidationIssue } from '@enclave/core'
import * as zodCompilers from '@enclave/zod'
import * as joiCompilers from '@enclave/joi'
import * as yupCompilers from '@enclave/yup'
import * as standardCompilers from '@enclave/standard-schema'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import * as v from 'valibot'
import { start } from './helpers/listen.js'

interface CompilerCase {
  name: string
  /** Undefined: the defaults (@enclave/ajv and the fast-json-stringify serializer). */
  validatorCompiler?: ValidatorCompiler
  serializerCompiler?: SerializerCompiler
  /** POST /items/:id — params id integer; querystring limit integer (default 10) and tags string[];
   *  header x-tenant required; body name (required, non-empty) and age integer; a 200 response
   *  declaring id, name, limit, tags and tenant. */
  schema: RouteSchema
  /** Two response schemas for GET /cards/:id, chosen by media type: JSON declares id and name,
   *  the vendor type declares name only. */
  card: { json: unknown, vendor: unknown }
  /** The message of a body without name: the library's own wording, through the default formatter. */
  missingName: string
}

const cases: CompilerCase[] = [
  {
    name: 'ajv',
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      querystring: { type: 'object', properties: { limit: { type: 'integer', default: 10 }, tags: { type: 'array', items: { type: 'string' } } } },
      headers: { type: 'object', required: ['x-tenant'], properties: { 'x-tenant': { type: 'string' } } },
      body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer' } } },
      response: {
        200: {
          type: 'object',
          properties: { id: { type: 'integer' }, name: { type: 'string' }, limit: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, tenant: { type: 'string' } }
        }
      }
    },
    card: {
      json: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      vendor: { type: 'object', properties: { name: { type: 'string' } } }
    },
    missingName: "body should have required property 'name'"
  },
  {
    name: 'zod',
    validatorCompiler: zodCompilers.validatorCompiler,
    serializerCompiler: zodCompilers.serializerCompiler,
    schema: {
      params: z.object({ id: z.int() }),
      querystring: z.object({ limit: z.int().default(10), tags: z.array(z.string()).optional() }),
      headers: z.object({ 'x-tenant': z.string() }),
      body: z.object({ name: z.string().min(1), age: z.int().optional() }),
      response: { 200: z.object({ id: z.int(), name: z.string(), limit: z.int(), tags: z.array(z.string()), tenant: z.string() }) }
    },
    card: { json: z.object({ id: z.int(), name: z.string() }), vendor: z.object({ name: z.string() }) },
    missingName: "body should have required property 'name'"
  },
  {
    name: 'joi',
    validatorCompiler: joiCompilers.validatorCompiler,
    serializerCompiler: joiCompilers.serializerCompiler,
    schema: {
      params: Joi.object({ id: Joi.number().integer() }),
      querystring: Joi.object({ limit: Joi.number().integer().default(10), tags: Joi.array().items(Joi.string()).single() }),
      headers: Joi.object({ 'x-tenant': Joi.string().required() }),
      body: Joi.object({ name: Joi.string().min(1).required(), age: Joi.number().integer() }),
      response: { 200: Joi.object({ id: Joi.number().integer(), name: Joi.string(), limit: Joi.number().integer(), tags: Joi.array().items(Joi.string()), tenant: Joi.string() }) }
    },
    card: { json: Joi.object({ id: Joi.number().integer(), name: Joi.string() }), vendor: Joi.object({ name: Joi.string() }) },
    missingName: 'body/name is required'
  },
  {
    name: 'yup',
    validatorCompiler: yupCompilers.validatorCompiler,
    serializerCompiler: yupCompilers.serializerCompiler,
    schema: {
      params: yup.object({ id: yup.number().integer().required() }),
      querystring: yup.object({
        limit: yup.number().integer().default(10),
        // yup refuses a lone string for an array; accept one value as a list of one.
        tags: yup.array(yup.string().required()).transform((value: unknown, original: unknown) => original === undefined ? value : ([] as unknown[]).concat(original))
      }),
      headers: yup.object({ 'x-tenant': yup.string().required() }),
      body: yup.object({ name: yup.string().min(1).required(), age: yup.number().integer() }),
      response: { 200: yup.object({ id: yup.number().integer(), name: yup.string(), limit: yup.number().integer(), tags: yup.array(yup.string()), tenant: yup.string() }) }
    },
    card: { json: yup.object({ id: yup.number().integer(), name: yup.string() }), vendor: yup.object({ name: yup.string() }) },
    missingName: 'body/name is a required field'
  },
  {
    name: 'standard-schema (valibot)',
    validatorCompiler: standardCompilers.validatorCompiler,
    serializerCompiler: standardCompilers.serializerCompiler,
    schema: {
      params: v.object({ id: v.pipe(v.number(), v.integer()) }),
      querystring: v.object({
        limit: v.optional(v.pipe(v.number(), v.integer()), 10),
        // Nothing tells the adapter that tags is an array up front; accept one value as a list of one.
        tags: v.optional(v.union([v.array(v.string()), v.pipe(v.string(), v.transform((tag) => [tag]))]))
      }),
      headers: v.object({ 'x-tenant': v.string() }),
      body: v.object({ name: v.pipe(v.string(), v.minLength(1)), age: v.optional(v.pipe(v.number(), v.integer())) }),
      response: { 200: v.object({ id: v.number(), name: v.string(), limit: v.number(), tags: v.array(v.string()), tenant: v.string() }) }
    },
    card: { json: v.object({ id: v.number(), name: v.string() }), vendor: v.object({ name: v.string() }) },
    missingName: 'body/name Invalid key: Expected "name" but received undefined'
  }
]

interface Received { params: unknown, query: unknown, body: unknown, tenant: unknown }
const received = new Map<string, Received[]>()

/** With `x-detail: 1` a validation error is answered with its parts, to compare them across compilers. */
function detailValidation (error: any, request: any, reply: any): unknown {
  if (request.headers['x-detail'] === undefined || error.validation === undefined) return reply.send(error)
  return reply.code(error.statusCode).send({
    statusCode: error.statusCode,
    validationContext: error.validationContext,
    validation: error.validation.map((issue: ValidationIssue) => ({
      instancePath: typeof issue.instancePath,
      keyword: typeof issue.keyword,
      message: typeof issue.message,
      params: typeof issue.params
    }))
  })
}

function mount (app: EnclaveInstance, compiler: CompilerCase): void {
  const log: Received[] = []
  received.set(compiler.name, log)
  app.register(async function compilerContext (child) {
    if (compiler.validatorCompiler !== undefined) child.setValidatorCompiler(compiler.validatorCompiler)
    if (compiler.serializerCompiler !== undefined) child.setSerializerCompiler(compiler.serializerCompiler)
    child.setErrorHandler(detailValidation)
    child.post('/items/:id', { schema: compiler.schema }, async (request) => {
      const params = request.params as unknown as { id: number }
      const query = request.query as unknown as { limit: number, tags?: string[] }
      const body = request.body as unknown as { name: string }
      log.push({ params, query, body, tenant: request.headers['x-tenant'] })
      return { id: params.id, name: body.name, limit: query.limit, tags: query.tags ?? [], tenant: request.headers['x-tenant'], secret: 'never sent' }
    })
    child.get('/cards/:id', {
      schema: {
        response: {
          200: {
            description: 'a card, in two representations',
            content: { 'application/json': { schema: compiler.card.json }, 'application/vnd.card+json': { schema: compiler.card.vendor } }
          }
        }
      }
    }, async (request, reply) => {
      reply.type((request.query as unknown as { vendor?: string }).vendor === undefined ? 'application/json' : 'application/vnd.card+json')
      return { id: 4, name: 'Ada', secret: 'never sent' }
    })
    child.get('/raw', async () => ({ id: 4, secret: 'sent: no response schema' }))
  }, { prefix: '/' + compiler.name.split(' ')[0] })
}

const app = enclave()
for (const compiler of cases) mount(app, compiler)
const client = await start(t, app)

const tenant = { 'x-tenant': 'acme' }

interface Step {
  rule: string
  path: string
  headers?: Record<string, string>
  body: unknown
  status: number
  /** For 200: the exact payload. For 400: the part that failed. */
  expect: unknown
}

const steps: Step[] = [
  { rule: 'validation rule 1 + serialization rules 1/2: a valid request is coerced and its response filtered', path: '/items/7?limit=5&tags=a&tags=b', headers: tenant, body: { name: 'Ada', age: 36 }, status: 200, expect: { id: 7, name: 'Ada', limit: 5, tags: ['a', 'b'], tenant: 'acme' } },
  { rule: 'validation rule 2: a querystring array sent once is an array of one string; a default applies when absent', path: '/items/7?tags=7', headers: tenant, body: { name: 'Ada' }, status: 200, expect: { id: 7, name: 'Ada', limit: 10, tags: ['7'], tenant: 'acme' } },
  { rule: 'validation rule 1: params that cannot be coerced fail', path: '/items/seven', headers: tenant, body: { name: 'Ada' }, status: 400, expect: 'params' },
  { rule: 'validation rule 1: a querystring that cannot be coerced fails', path: '/items/7?limit=many', headers: tenant, body: { name: 'Ada' }, status: 400, expect: 'querystring' },
  { rule: 'errors table: a missing required header fails', path: '/items/7', body: { name: 'Ada' }, status: 400, expect: 'headers' },
  { rule: 'errors table: a missing required body property fails', path: '/items/7', headers: tenant, body: { age: 36 }, status: 400, expect: 'body' },
  { rule: 'validation rule 8: a body constraint (minLength) fails', path: '/items/7', headers: tenant, body: { name: '' }, status: 400, expect: 'body' },
  { rule: 'validation rule 8: a body type (integer) fails', path: '/items/7', headers: tenant, body: { name: 'Ada', age: 'old' }, status: 400, expect: 'body' }
]

for (const compiler of cases) {
  const prefix = '/' + compiler.name.split(' ')[0]
  t.test(`compiler ${compiler.name}: the validation and serialization rules`, async (t) => {
    for (const step of steps) {
      const response = await client.request(prefix + step.path, { headers: step.headers, body: step.body })
      t.equal(response.status, step.status, `${step.rule}: ${step.status}`)
      if (step.status === 200) {
        t.strictSame(response.json, step.expect, `${step.rule}: the payload`)
        t.notMatch(response.text, /secret|never sent/, 'serialization rule 2: only declared properties are sent')
      } else {
        t.strictSame(Object.keys(response.json), ['statusCode', 'error', 'message'], `${step.rule}: the standard 400 payload`)
        t.match(response.json.message, new RegExp(`^${String(step.expect)}`), `${step.rule}: the message names the part (${String(response.json.message)})`)
        const detail = await client.request(prefix + step.path, { headers: { ...step.headers, 'x-detail': '1' }, body: step.body })
        t.equal(detail.json.validationContext, step.expect, `${step.rule}: error.validationContext`)
        t.ok(Array.isArray(detail.json.validation) && detail.json.validation.length > 0, 'error.validation is a non-empty array')
        for (const issue of detail.json.validation ?? []) {
          t.strictSame(issue, { instancePath: 'string', keyword: 'string', message: 'string', params: 'object' }, 'each issue has instancePath, keyword, message and params')
        }
      }
    }

    const json = await client.request(prefix + '/cards/4')
    t.strictSame(json.json, { id: 4, name: 'Ada' }, 'serialization rule 3: the application/json schema')
    const vendor = await client.request(prefix + '/cards/4?vendor=1')
    t.strictSame(vendor.json, { name: 'Ada' }, 'serialization rule 3: the vendor media type\'s schema')
    t.match(vendor.headers.get('content-type'), /^application\/vnd\.card\+json/)
    t.strictSame((await client.request(prefix + '/raw')).json, { id: 4, secret: 'sent: no response schema' },
      'serialization rule 1: no response schema, no serializer: the object goes out whole')

    const missing = await client.request(prefix + '/items/7', { headers: tenant, body: {} })
    t.equal(missing.text, JSON.stringify({ statusCode: 400, error: 'Bad Request', message: compiler.missingName }), 'the exact 400 for a missing name')

    const log = received.get(compiler.name)!
    // Through JSON: a parsed querystring may have a null prototype; the values and their types are what count.
    t.strictSame(JSON.parse(JSON.stringify(log[0])), { params: { id: 7 }, query: { limit: 5, tags: ['a', 'b'] }, body: { name: 'Ada', age: 36 }, tenant: 'acme' },
      'validation rule 1: the handler received typed values')
    t.equal(log.length, 2, 'the handler ran only for the valid requests')
  })
}

t.test('validation rule 3: each library compiler throws when httpPart is missing', async (t) => {
  const adapters: Array<[string, ValidatorCompiler, unknown]> = [
    ['zod', zodCompilers.validatorCompiler, z.object({})],
    ['joi', joiCompilers.validatorCompiler, Joi.object({})],
    ['yup', yupCompilers.validatorCompiler, yup.object({})],
    ['standard-schema', standardCompilers.validatorCompiler, v.object({})]
  ]
  for (const [name, compile, schema] of adapters) {
    t.throws(() => compile({ schema, method: 'POST', url: '/x' } as any), { message: /httpPart/ }, `${name}: no httpPart`)
    t.throws(() => compile({ schema, method: 'POST', url: '/x', httpPart: 'cookies' } as any), { message: /httpPart/ }, `${name}: an unknown httpPart`)
  }
})

t.test('validation rule 4: each library\'s validation function returns { value } on success and { error } on failure', async (t) => {
  const adapters: Array<[string, ValidatorCompiler, unknown]> = [
    ['zod', zodCompilers.validatorCompiler, z.object({ n: z.int() })],
    ['joi', joiCompilers.validatorCompiler, Joi.object({ n: Joi.number().integer().required() })],
    ['yup', yupCompilers.validatorCompiler, yup.object({ n: yup.number().integer().required() })],
    ['standard-schema', standardCompilers.validatorCompiler, v.object({ n: v.pipe(v.number(), v.integer()) })]
  ]
  for (const [name, compile, schema] of adapters) {
    const validate = compile({ schema, method: 'POST', url: '/x', httpPart: 'body' })
    t.strictSame(validate({ n: 1 }), { value: { n: 1 } }, `${name}: { value }`)
    const failed = validate({}) as { error?: unknown }
    t.strictSame(Object.keys(failed), ['error'], `${name}: { error }`)
  }
})

t.test('serialization rule 4: each library\'s serializer compiler returns a function from data to string', async (t) => {
  for (const compiler of cases) {
    if (compiler.serializerCompiler === undefined) continue
    const serialize = compiler.serializerCompiler({ schema: (compiler.schema.response as Record<number, unknown>)[200], method: 'GET', url: '/x', httpStatus: '200' })
    const text = serialize({ id: 1, name: 'n', limit: 2, tags: [], tenant: 't', secret: 's' })
    t.equal(typeof text, 'string', compiler.name)
    t.strictSame(JSON.parse(text), { id: 1, name: 'n', limit: 2, tags: [], tenant: 't' }, `${compiler.name}: only the declared properties`)
  }
})
