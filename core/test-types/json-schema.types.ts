// JSON Schema literals written in the route: each request part is typed from its schema, with no
// `as const` and no type provider. Checked by tsc (tsconfig.typecheck.json), never run.
import enclave from '@enclave/core'
import { assertType, type Equal } from './expect.js'

const app = enclave()

// --- body: properties, required, default, nested objects and arrays ---------------------------
app.post('/users', {
  schema: {
    body: {
      type: 'object',
      required: ['name', 'address'],
      properties: {
        name: { type: 'string' },
        age: { type: 'integer' },
        score: { type: 'number', default: 0 },
        admin: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        address: { type: 'object', required: ['city'], properties: { city: { type: 'string' }, zip: { type: 'string' } } }
      }
    }
  }
}, async (request) => {
  assertType<Equal<typeof request.body, {
    name: string
    address: { city: string, zip?: string }
    score: number
    age?: number
    admin?: boolean
    tags?: string[]
  }>>()
  const city: string = request.body.address.city
  // @ts-expect-error an optional property may be missing
  const age: number = request.body.age
  // @ts-expect-error a property the schema does not declare
  request.body.nickname
  // @ts-expect-error the name is a string
  const asNumber: number = request.body.name
  return { city, age, asNumber }
})

// --- querystring, `query` alias, params, headers ------------------------------------------------
app.get('/search/:id', {
  schema: {
    querystring: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer', default: 10 } }, required: ['q'] },
    params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    headers: { type: 'object', properties: { 'X-Api-Key': { type: 'string' } }, required: ['X-Api-Key'] }
  }
}, async (request) => {
  assertType<Equal<typeof request.query, { q: string, limit: number }>>()
  assertType<Equal<typeof request.params, { id: number }>>()
  // Header names are lower-cased, as Node hands them over and as the runtime reads the schema.
  const key: string = request.headers['x-api-key']
  // Headers the schema does not name are still there, as Node types them.
  const agent: string | undefined = request.headers['user-agent']
  // @ts-expect-error the id is coerced to a number, not a string
  const id: string = request.params.id
  // @ts-expect-error the schema's spelling is not how the header arrives
  request.headers['X-Api-Key'].toUpperCase()
  return { key, agent, id }
})

app.get('/alias', { schema: { query: { type: 'object', properties: { page: { type: 'integer' } } } } }, async (request) => {
  assertType<Equal<typeof request.query, { page?: number }>>()
})

// --- the spec's shorthand: parameters listed at the top level -----------------------------------
app.get('/short', { schema: { querystring: { name: { type: 'string' }, excitement: { type: 'integer' } } } }, async (request) => {
  assertType<Equal<typeof request.query, { name?: string, excitement?: number }>>()
  // @ts-expect-error shorthand parameters are optional, as the runtime's expansion has no `required`
  const name: string = request.query.name
  return name
})

// --- enum, const, type arrays, nullable, anyOf/oneOf, allOf -------------------------------------
app.post('/keywords', {
  schema: {
    body: {
      type: 'object',
      required: ['kind', 'version', 'note', 'legacy', 'id', 'shape', 'both'],
      properties: {
        kind: { type: 'string', enum: ['a', 'b'] },
        version: { const: 2 },
        note: { type: ['string', 'null'] },
        legacy: { type: 'string', nullable: true },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        shape: { oneOf: [{ type: 'object', properties: { r: { type: 'number' } }, required: ['r'] }, { type: 'object', properties: { w: { type: 'number' } }, required: ['w'] }] },
        both: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'number' } }, required: ['b'] }] },
        point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }] },
        extra: { type: 'object', additionalProperties: { type: 'integer' } },
        open: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: true },
        anything: {}
      }
    }
  }
}, async (request) => {
  const body = request.body
  assertType<Equal<typeof body.kind, 'a' | 'b'>>()
  assertType<Equal<typeof body.version, 2>>()
  assertType<Equal<typeof body.note, string | null>>()
  assertType<Equal<typeof body.legacy, string | null>>()
  assertType<Equal<typeof body.id, string | number>>()
  assertType<Equal<typeof body.shape, { r: number } | { w: number }>>()
  const both: { a: string, b: number } = body.both
  assertType<Equal<typeof body.point, [number, number] | undefined>>()
  const count: number | undefined = body.extra?.anyKey
  const open: unknown = body.open?.anyKey
  assertType<Equal<typeof body.anything, unknown>>()
  // @ts-expect-error not one of the enum's values
  const other: typeof body.kind = 'c'
  // @ts-expect-error nullable: null must be handled
  body.note.length
  return { both, count, open, other }
})

// --- $ref: local definitions resolve, other references are `unknown` ------------------------------
app.post('/refs', {
  schema: {
    body: {
      type: 'object',
      definitions: { money: { type: 'object', properties: { cents: { type: 'integer' } }, required: ['cents'] } },
      $defs: { currency: { type: 'string', enum: ['EUR', 'USD'] } },
      properties: {
        price: { $ref: '#/definitions/money' },
        currency: { $ref: '#/$defs/currency' },
        shared: { $ref: 'unknown-schema#' }
      },
      required: ['price', 'currency', 'shared']
    }
  }
}, async (request) => {
  assertType<Equal<typeof request.body.price, { cents: number }>>()
  assertType<Equal<typeof request.body.currency, 'EUR' | 'USD'>>()
  assertType<Equal<typeof request.body.shared, unknown>>()
})

// Shared schemas (addSchema) are typed once declared in EnclaveSharedSchemas.
const sharedAddress = { $id: 'typeTestAddress', type: 'object', properties: { street: { type: 'string' } }, required: ['street'] } as const
declare module '@enclave/core' {
  interface EnclaveSharedSchemas {
    typeTestAddress: typeof sharedAddress
  }
}
app.addSchema(sharedAddress)
app.post('/shared', { schema: { body: { type: 'object', properties: { home: { $ref: 'typeTestAddress#' } }, required: ['home'] } } }, async (request) => {
  assertType<Equal<typeof request.body.home, { street: string }>>()
})

// A recursive schema is followed to a fixed depth, then `unknown`: type-checking stays fast.
app.post('/tree', {
  schema: { body: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } } }
}, async (request) => {
  const grandchild = request.body.children?.[0]?.children?.[0]
  const value: string | undefined = grandchild?.value
  return value
})

// --- schemas declared outside the route ---------------------------------------------------------
const bodySchema = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } as const
app.post('/outside', { schema: { body: bodySchema } }, async (request) => {
  assertType<Equal<typeof request.body, { title: string }>>()
})
// Without `as const` a separate object's literal types are widened: the part is then `unknown`.
const widened = { type: 'object', properties: { title: { type: 'string' } } }
app.post('/widened', { schema: { body: widened } }, async (request) => {
  assertType<Equal<typeof request.body, unknown>>()
})

// --- a body schema per media type -----------------------------------------------------------------
app.post('/media', {
  schema: {
    body: {
      content: {
        'application/json': { schema: { type: 'object', properties: { json: { type: 'boolean' } }, required: ['json'] } },
        'text/plain': { schema: { type: 'string' } }
      }
    }
  }
}, async (request) => {
  assertType<Equal<typeof request.body, { json: boolean } | string>>()
})

// --- no schema: unknown parts, params from the path ------------------------------------------------
app.get('/files/:folder/:name.:ext', async (request) => {
  assertType<Equal<typeof request.body, unknown>>()
  assertType<Equal<typeof request.query, unknown>>()
  const folder: string = request.params.folder
  const ext: string = request.params.ext
  // A parameter of a register() prefix is not in this path, but the router may still hand it over.
  const fromPrefix: string | undefined = request.params.tenant
  // @ts-expect-error such a parameter may be missing
  const surely: string = request.params.tenant
  return [folder, ext, fromPrefix, surely]
})
app.get('/static/*', async (request) => {
  const rest: string = request.params['*']
  return rest
})

// A path parameter is always there, even when the params schema does not list it as required.
app.get('/orders/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer' }, extra: { type: 'string' } } } } }, async (request) => {
  assertType<Equal<typeof request.params, { extra?: string, id: number }>>()
})
