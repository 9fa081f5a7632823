// Zod schemas type the route they are given to, with no type provider: request parts are the
// schema's output (z.output), replies its input (z.input). Checked by tsc, never run.
import enclave from '@enclave/core'
import { serializerCompiler, validatorCompiler } from '@enclave/zod'
import { z } from 'zod'

/** `true` when A and B are the same type, not merely assignable one to the other. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
function assertType<T extends true> (): T | undefined { return undefined }

const app = enclave()
app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)

const CreateUser = z.object({
  name: z.string().min(1),
  age: z.number().int().optional(),
  role: z.enum(['admin', 'member']).default('member'),
  joined: z.string().transform((value) => new Date(value))
})
const User = z.object({ id: z.number(), name: z.string(), role: z.enum(['admin', 'member']).default('member') })
const Problem = z.object({ message: z.string() })

app.post('/users/:team', {
  schema: {
    body: CreateUser,
    querystring: z.object({ notify: z.coerce.boolean().optional() }),
    params: z.object({ team: z.string() }),
    headers: z.object({ 'x-request-source': z.string() }),
    response: { 201: User, '4xx': Problem }
  }
}, async (request, reply) => {
  assertType<Equal<typeof request.body, z.output<typeof CreateUser>>>()
  // Defaults and transforms are applied by validation: the handler sees their result.
  const role: 'admin' | 'member' = request.body.role
  const joined: Date = request.body.joined
  assertType<Equal<typeof request.query, { notify?: boolean | undefined }>>()
  const team: string = request.params.team
  const source: string = request.headers['x-request-source']
  // @ts-expect-error age is optional
  const age: number = request.body.age
  // A reply is checked against the schema's input: the default may be left out.
  reply.code(201).send({ id: 1, name: request.body.name })
  // @ts-expect-error 201 needs a numeric id
  reply.code(201).send({ id: '1', name: 'a' })
  reply.code(404).send({ message: 'no such team' })
  // @ts-expect-error a 4xx reply is a Problem
  reply.code(409).send({ id: 1, name: 'a' })
  return { id: 2, name: [team, source, role, joined, age].join() }
})

app.get('/wrong', { schema: { response: { 200: User } } },
  // @ts-expect-error the handler returns what no 2xx schema accepts
  async () => ({ id: 'x', name: 1 })
)
