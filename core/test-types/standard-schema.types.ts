// Any Standard Schema (and TypeBox) types a route with no adapter-specific types in core: the
// schema's declared output for request parts, its input for replies. Checked by tsc, never run.
import enclave from '@enclave/core'
import { assertType, type Equal } from './expect.js'

/** The part of the Standard Schema v1 interface the types read (what every library implements). */
interface StandardSchema<Input, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => { value: Output } | { issues: ReadonlyArray<{ message: string }> }
    readonly types?: { readonly input: Input, readonly output: Output } | undefined
  }
}
declare function schemaOf<Input, Output = Input> (): StandardSchema<Input, Output>

const app = enclave()

// A transform: the request sees the output, the reply is given the input.
const createdAt = schemaOf<{ at: string }, { at: Date }>()
app.post('/events', {
  schema: { body: createdAt, response: { 201: createdAt } }
}, async (request, reply) => {
  assertType<Equal<typeof request.body, { at: Date }>>()
  reply.code(201).send({ at: request.body.at.toISOString() })
  // @ts-expect-error the serializer validates the input shape
  reply.code(201).send({ at: request.body.at })
})

app.get('/items/:id', {
  schema: {
    params: schemaOf<{ id: number }>(),
    querystring: schemaOf<{ page?: number }>(),
    headers: schemaOf<{ 'x-trace': string }>()
  }
}, async (request) => {
  assertType<Equal<typeof request.params, { id: number }>>()
  assertType<Equal<typeof request.query, { page?: number }>>()
  const trace: string = request.headers['x-trace']
  // @ts-expect-error the params schema's type replaces the path's strings
  const id: string = request.params.id
  return [trace, id]
})

// A library that types its output as `any` gives `unknown`: narrow it before use.
app.post('/untyped', { schema: { body: schemaOf<any>() } }, async (request) => {
  assertType<Equal<typeof request.body, unknown>>()
})

// TypeBox schemas carry their type in `static`.
interface TypeBoxLike<T> { static: T, params: unknown[], type: 'object', properties: Record<string, unknown> }
declare const typeBoxUser: TypeBoxLike<{ name: string }>
app.post('/typebox', { schema: { body: typeBoxUser } }, async (request) => {
  assertType<Equal<typeof request.body, { name: string }>>()
})
