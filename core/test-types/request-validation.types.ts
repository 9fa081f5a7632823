// The request validation methods and the deprecated `connection`. Checked by tsc, never run.
import type { Socket } from 'node:net'
import enclave, { type RequestValidationFunction, type ValidationIssue } from '@enclave/core'
import { assertType, type Equal } from './expect.js'

const app = enclave()
const schema = { type: 'object', properties: { foo: { type: 'string' } } }

app.post('/', { schema: { body: schema } }, async (request) => {
  // The default Ajv compiler: a boolean, its errors on `errors`.
  const byPart = request.getValidationFunction('body')
  assertType<Equal<typeof byPart, RequestValidationFunction<boolean>>>()
  assertType<Equal<ReturnType<typeof byPart>, boolean>>()
  assertType<Equal<typeof byPart.errors, ValidationIssue[] | null | undefined>>()
  request.getValidationFunction('query')
  request.getValidationFunction(schema)
  // @ts-expect-error not a request part
  request.getValidationFunction('cookies')

  const compiled = request.compileValidationSchema(schema, 'querystring')
  assertType<Equal<ReturnType<typeof compiled>, boolean>>()
  // @ts-expect-error the schema comes first
  request.compileValidationSchema('body', schema)

  const valid: boolean = request.validateInput({ foo: 'x' }, schema)
  const validPart: boolean = request.validateInput({ foo: 'x' }, 'body')
  const partWins: boolean = request.validateInput({ foo: 'x' }, schema, 'headers')
  // @ts-expect-error not a request part
  request.validateInput({}, schema, 'cookies')
  // A compiler whose validators return `{ value } | { error }` names its result.
  const adapted = request.validateInput<{ value?: unknown, error?: unknown }>({}, schema)
  assertType<Equal<typeof adapted, { value?: unknown, error?: unknown }>>()

  const socket: Socket = request.connection
  return { valid, validPart, partWins, remote: socket.remoteAddress }
})
