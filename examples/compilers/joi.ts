/**
 * Joi on an Enclave server: request validation and response filtering with Joi schemas.
 *
 *   npm run build && node --import @tapjs/typescript/import examples/compilers/joi.ts
 *   curl -X POST localhost:3000/orders -H 'content-type: application/json' -H 'idempotency-key: k1' \
 *        -d '{"items":[{"sku":"A-1","quantity":"2"}],"shipTo":{"city":"Oslo"}}'
 *
 * `build()` is exercised by compilers/joi/test/example.test.ts.
 */
import { pathToFileURL } from 'node:url'
import enclave, { type EnclaveInstance } from '@enclave/core'
import Joi from 'joi'
import { createValidatorCompiler, serializerCompiler } from '@enclave/joi'

interface OrderLine { sku: string, quantity: number }
interface Order { id: number, items: OrderLine[], shipTo: { city: string, zip?: string }, coupon?: string, status: string, internalNote: string }

const usedCoupons = new Set(['WELCOME'])

// Shared schemas are Joi values composed in code; addSchema() only feeds the Ajv routes.
const address = Joi.object({ city: Joi.string().min(1).required(), zip: Joi.string().pattern(/^\d{4,5}$/) })
const orderLine = Joi.object({ sku: Joi.string().pattern(/^[A-Z]-\d+$/).required(), quantity: Joi.number().integer().min(1).default(1) })
const orderId = Joi.object({ id: Joi.number().integer().min(1).required() })

/** An async rule: Joi runs externals after every synchronous rule passed, so the route validates with validateAsync. */
async function couponUnused (coupon: string | undefined, helpers: Joi.ExternalHelpers) {
  if (coupon !== undefined && usedCoupons.has(coupon)) return helpers.message({ external: '{{#label}} was already used' })
  return coupon
}

const newOrder = Joi.object({
  items: Joi.array().items(orderLine).min(1).required(),
  shipTo: address.required(),
  coupon: Joi.string().external(couponUnused)
})

// What a client may see: `internalNote` is not declared, so the serializer strips it.
const publicOrder = Joi.object({
  id: Joi.number().integer().required(),
  items: Joi.array().items(orderLine).required(),
  shipTo: address.required(),
  coupon: Joi.string(),
  status: Joi.string().valid('open', 'shipped').required()
})

export function build (): EnclaveInstance {
  const app = enclave()
  const orders = new Map<number, Order>()
  let nextId = 1

  // Joi for every route of this server: every failure listed, not only the first.
  app.setValidatorCompiler(createValidatorCompiler({ abortEarly: false }))
  app.setSerializerCompiler(serializerCompiler)

  app.get<{ Querystring: { limit: number } }>('/orders', {
    schema: {
      // Query values arrive as strings; Joi converts '5' to 5 and applies the default.
      querystring: Joi.object({ limit: Joi.number().integer().min(1).max(100).default(20) }),
      response: { 200: Joi.array().items(publicOrder) }
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
      // Only the declared header is checked; the others (host, user-agent…) are allowed.
      headers: Joi.object({ 'idempotency-key': Joi.string().max(64).required() }),
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

  // A client that wants machine-readable problems gets a 422 built from Joi's own error.
  app.register(async function problemApi (api: EnclaveInstance) {
    api.setErrorHandler(function joiProblems (error: Error & { validation?: unknown, validationContext?: string }, _request, reply) {
      if (error.validation === undefined || !Joi.isError(error.cause)) return reply.send(error)
      return reply.code(422).send({
        part: error.validationContext,
        problems: error.cause.details.map((detail) => ({ path: detail.path.join('.'), code: detail.type, message: detail.message }))
      })
    })
    api.post('/orders/check', { schema: { body: newOrder } }, async () => ({ ok: true }))
  }, { prefix: '/v2' })

  return app
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = build()
  const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })
  console.log(`Joi example listening on ${address}`)
}
