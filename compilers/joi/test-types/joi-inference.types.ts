// Joi schemas type the route they are given to (Joi ≥ 18 implements Standard Schema). Joi's own
// types only know a schema's type when it is given (`Joi.object<T>()`); without one the part is
// `unknown`, to narrow before use. Checked by tsc, never run.
import enclave from '@enclave/core'
import { validatorCompiler } from '@enclave/joi'
import Joi from 'joi'

/** `true` when A and B are the same type, not merely assignable one to the other. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
function assertType<T extends true> (): T | undefined { return undefined }

const app = enclave()
app.setValidatorCompiler(validatorCompiler)

interface Order { sku: string, quantity: number }

app.post('/orders', {
  schema: {
    body: Joi.object<Order>({ sku: Joi.string().required(), quantity: Joi.number().integer().min(1).required() }),
    querystring: Joi.object({ coupon: Joi.string() }),
    headers: Joi.object<{ 'x-shop': string }>({ 'x-shop': Joi.string().required() }).unknown(true)
  }
}, async (request) => {
  assertType<Equal<typeof request.body, Order>>()
  // Joi.object() without a type argument says nothing at the type level.
  assertType<Equal<typeof request.query, unknown>>()
  const shop: string = request.headers['x-shop']
  // @ts-expect-error the quantity is a number
  const quantity: string = request.body.quantity
  return [shop, quantity]
})

// A single-value schema is typed by Joi itself.
app.get('/by-id/:id', { schema: { params: Joi.object<{ id: number }>({ id: Joi.number().required() }) } }, async (request) => {
  const id: number = request.params.id
  return id
})
