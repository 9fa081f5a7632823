// A shop API in TypeScript, written as a Fastify v4 user writes one: TypeBox schemas through
// @fastify/type-provider-typebox, a typed plugin wrapped with fastify-plugin and its module
// augmentation, @fastify/helmet and @fastify/rate-limit, hooks and an error handler.
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import catalog from './catalog.js'

const Product = Type.Object({
  sku: Type.String(),
  name: Type.String(),
  priceCents: Type.Integer({ minimum: 0 })
})

// What a failed request answers (declared for the routes that send it themselves, as Fastify's types ask).
const Failure = Type.Object({ ok: Type.Boolean(), code: Type.String(), message: Type.String(), currency: Type.Optional(Type.String()) })

const CartLine = Type.Object({
  sku: Type.String({ minLength: 3 }),
  quantity: Type.Integer({ minimum: 1, maximum: 10, default: 1 })
})

export async function build (options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>()

  await app.register(helmet, { global: true })
  await app.register(rateLimit, { max: 3, timeWindow: 60_000, allowList: (request: FastifyRequest) => request.headers['x-internal'] === '1' })
  await app.register(catalog, { currency: 'EUR' })

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.url.startsWith('/products') && typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
      return { ...payload, currency: app.currency }
    }
    return payload
  })

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-served-by', 'shop')
    return payload
  })

  app.setErrorHandler(async (error, request, reply) => {
    request.log.warn({ err: error }, 'request failed')
    if (error.statusCode === 429) return reply.code(429).send({ error: 'slow down', retryAfter: reply.getHeader('retry-after') })
    return reply.code(error.statusCode ?? 500).send({ ok: false, code: error.code ?? 'INTERNAL', message: error.message })
  })

  app.get('/products/:sku', {
    schema: {
      params: Type.Object({ sku: Type.String() }),
      response: { 200: Type.Intersect([Product, Type.Object({ currency: Type.Optional(Type.String()) })]), 404: Failure }
    }
  }, async (request, reply) => {
    const product = app.findProduct(request.params.sku)
    if (product === undefined) return reply.code(404).send({ ok: false, code: 'NO_PRODUCT', message: `no product ${request.params.sku}` })
    return product
  })

  app.post('/cart', {
    schema: {
      body: Type.Object({ lines: Type.Array(CartLine, { minItems: 1 }) }),
      response: { 200: Type.Object({ totalCents: Type.Integer(), items: Type.Integer() }) }
    }
  }, async (request) => {
    let totalCents = 0
    let items = 0
    for (const line of request.body.lines) {
      const product = app.findProduct(line.sku)
      if (product === undefined) throw Object.assign(new Error(`unknown sku ${line.sku}`), { statusCode: 422, code: 'UNKNOWN_SKU' })
      totalCents += product.priceCents * line.quantity
      items += line.quantity
    }
    return { totalCents, items }
  })

  return app
}
