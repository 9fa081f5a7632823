// Fastify v4's request validation methods and `request.connection`, as a Fastify app writes them
// (`fastify` resolves to @enclave/fastify4 here). Checked by tsc (skipLibCheck off), never run.
import Fastify, { type FastifyRequest } from 'fastify'
import type { Socket } from 'node:net'

const app = Fastify()
const schema = { type: 'object', properties: { foo: { type: 'string' } } }

function check (request: FastifyRequest): boolean {
  const validate = request.getValidationFunction('body')
  const ok: boolean = validate({ foo: 'bar' })
  const errors = validate.errors
  if (errors != null && errors.length > 0) request.log.info(errors[0]!.message)
  const compiled = request.compileValidationSchema(schema, 'query')
  const byQuery: boolean = request.validateInput({ hello: 'world' }, 'query')
  const bySchema: boolean = request.validateInput({ foo: 'bar' }, schema, 'body')
  // @ts-expect-error Fastify's parts only
  request.validateInput({}, 'cookies')
  const socket: Socket = request.connection
  return ok && compiled({}) && byQuery && bySchema && socket.readable
}

app.post('/', { schema: { body: schema } }, async (request) => {
  return { ok: check(request), same: request.getValidationFunction(schema) === request.compileValidationSchema(schema) }
})
