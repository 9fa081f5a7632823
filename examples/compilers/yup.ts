/**
 * yup on an Enclave server: request validation and response filtering with yup schemas.
 *
 *   npm run build && node --import @tapjs/typescript/import examples/compilers/yup.ts
 *   curl -X POST localhost:3000/orders -H 'content-type: application/json' -H 'idempotency-key: k1' \
 *        -d '{"items":[{"sku":"A-1","quantity":2}],"shipTo":{"city":"Oslo"}}'
 *
 * `build()` is exercised by compilers/yup/test/example.test.ts.
 */
import { pathToFileURL } from 'node:url'
import enclave, { type EnclaveInstance } from '@enclave/core'
import * as yup from 'yup'
import { createValidatorCompiler, serializerCompiler } from '@enclave/yup'

interface OrderLine { sku: string, quantity: number }
interface Order { id: number, items: OrderLine[], shipTo: { city: string, zip?: string }, coupon?: string, status: string, internalNote: string }

const usedCoupons = new Set(['WELCOME'])

// Shared schemas are yup values composed in code; addSchema() only feeds the Ajv routes.
const address = yup.object({ city: yup.string().min(1).required(), zip: yup.string().matches(/^\d{4,5}$/, '${path} should be 4 or 5 digits') })
const orderLine = yup.object({ sku: yup.string().matches(/^[A-Z]-\d+$/, '${path} should look like A-1').required(), quantity: yup.number().integer().min(1).default(1) })
const orderId = yup.object({ id: yup.number().integer().min(1).required() })

/** An `async` test: the compiler sees it at ready() and validates this schema with yup's validate(). */
async function couponUnused (coupon: string | undefined) {
  return coupon === undefined || !usedCoupons.has(coupon)
}

const newOrder = yup.object({
  items: yup.array(orderLine).min(1).required(),
  shipTo: address.required(),
  coupon: yup.string().test('unused', '${path} was already used', couponUnused)
}).noUnknown() // undeclared keys are dropped while casting (refused under `strict`)

// What a client may see: `internalNote` is not declared, so the serializer strips it.
const publicOrder = yup.object({
  id: yup.number().integer().required(),
  items: yup.array(orderLine).required(),
  shipTo: address.required(),
  coupon: yup.string(),
  status: yup.string().oneOf(['open', 'shipped']).required()
})

export function build (): EnclaveInstance {
  const app = enclave()
  const orders = new Map<number, Order>()
  let nextId = 1

  // yup for every route of this server: every failure listed, not only the first.
  app.setValidatorCompiler(createValidatorCompiler({ abortEarly: false }))
  app.setSerializerCompiler(serializerCompiler)

  app.get<{ Querystring: { limit: number } }>('/orders', {
    schema: {
      // Query values arrive as strings; yup casts '5' to 5 and applies the default.
      querystring: yup.object({ limit: yup.number().integer().min(1).max(100).default(20) }),
      response: { 200: yup.array(publicOrder) }
    }
  }, async (request) => {
    return [...orders.values()].slice(0, request.query.limit)
  })

  app.get<{ Params: { id: number } }>('/orders/:id', {
    schema: { params: orderId, response: { 200: publicOrder } }
  }, async (request, reply) => {
    const order = orders.get(request.params.id)
    if (order === undefined) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'no such order' })
    return order
  })

  app.post<{ Body: Omit<Order, 'id' | 'status' | 'internalNote'> }>('/orders', {
    schema: {
      // Only the declared header is checked; yup keeps the others (host, user-agent…).
      headers: yup.object({ 'idempotency-key': yup.string().max(64).required() }),
      body: newOrder,
      response: { 201: publicOrder }
    }
  }, async (request, reply) => {
    const body = request.body
    const order: Order = { id: nextId++, ...body, status: 'open', internalNote: `key ${String(request.headers['idempotency-key'])}` }
    orders.set(order.id, order)
    if (body.coupon !== undefined) usedCoupons.add(body.coupon)
    return reply.code(201).send(order)
  })

  // A client that wants machine-readable problems gets a 422 built from yup's own error.
  app.register(async function problemApi (api: EnclaveInstance) {
    api.setErrorHandler(function yupProblems (error: Error & { validation?: unknown, validationContext?: string }, _request, reply) {
      if (error.validation === undefined || !(error.cause instanceof yup.ValidationError)) return reply.send(error)
      const failures = error.cause.inner.length > 0 ? error.cause.inner : [error.cause]
      return reply.code(422).send({
        part: error.validationContext,
        problems: failures.map((failure) => ({ path: failure.path, test: failure.type, message: failure.message }))
      })
    })
    api.post('/orders/check', { schema: { body: newOrder } }, async () => ({ ok: true }))
  }, { prefix: '/v2' })

  return app
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = build()
  const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })
  console.log(`yup example listening on ${address}`)
}
