// Any Standard Schema library types the route it is given to; here Valibot (the same rule serves
// Zod, ArkType and the rest). Request parts are the schema's output, replies its input.
// Checked by tsc, never run.
import enclave from '@enclave/core'
import { serializerCompiler, validatorCompiler } from '@enclave/standard-schema'
import * as v from 'valibot'

/** `true` when A and B are the same type, not merely assignable one to the other. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
function assertType<T extends true> (): T | undefined { return undefined }

const app = enclave()
app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)

const Signup = v.object({
  email: v.pipe(v.string(), v.email()),
  plan: v.optional(v.picklist(['free', 'pro']), 'free'),
  seats: v.pipe(v.string(), v.transform(Number))
})
const Account = v.object({ id: v.number(), plan: v.picklist(['free', 'pro']) })

app.post('/signup', {
  schema: { body: Signup, response: { 201: Account } }
}, async (request, reply) => {
  assertType<Equal<typeof request.body, v.InferOutput<typeof Signup>>>()
  const seats: number = request.body.seats
  const plan: 'free' | 'pro' = request.body.plan
  reply.code(201).send({ id: seats, plan })
  // @ts-expect-error the plan is one of two names
  reply.code(201).send({ id: 1, plan: 'enterprise' })
})

app.get('/accounts/:id', { schema: { params: v.object({ id: v.pipe(v.string(), v.transform(Number)) }) } }, async (request) => {
  const id: number = request.params.id
  // @ts-expect-error the transform's output is a number
  const asText: string = request.params.id
  return [id, asText]
})
