// Yup schemas type the route they are given to (yup ≥ 1.7 implements Standard Schema): request
// parts are the schema's InferType, replies its input. Checked by tsc, never run.
import enclave from '@enclave/core'
import { serializerCompiler, validatorCompiler } from '@enclave/yup'
import * as yup from 'yup'

/** `true` when A and B are the same type, not merely assignable one to the other. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
function assertType<T extends true> (): T | undefined { return undefined }

const app = enclave()
app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)

const Person = yup.object({
  name: yup.string().required(),
  email: yup.string().email(),
  age: yup.number().integer().required(),
  tags: yup.array(yup.string().required()).default([])
})
const Saved = yup.object({ id: yup.number().required(), name: yup.string().required() })

app.post('/people', {
  schema: {
    body: Person,
    querystring: yup.object({ dryRun: yup.boolean() }),
    response: { 200: Saved }
  }
}, async (request, reply) => {
  assertType<Equal<typeof request.body, yup.InferType<typeof Person>>>()
  const name: string = request.body.name
  const tags: string[] = request.body.tags
  const dryRun: boolean | undefined = request.query.dryRun
  // @ts-expect-error the email is optional
  const email: string = request.body.email
  reply.send({ id: 1, name })
  // @ts-expect-error the reply needs an id
  reply.send({ name })
  return { id: 2, name: [email, tags, dryRun].join() }
})

app.get('/people/:id', {
  schema: {
    params: yup.object({ id: yup.number().integer().required() }),
    headers: yup.object({ 'x-tenant': yup.string().required() })
  }
}, async (request) => {
  const id: number = request.params.id
  const tenant: string = request.headers['x-tenant']
  // @ts-expect-error the id is cast to a number
  const idText: string = request.params.id
  return [id, tenant, idText]
})
