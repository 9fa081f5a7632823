import fp from 'fastify-plugin'
import type { FastifyPluginAsync } from 'fastify'

export interface Product { sku: string, name: string, priceCents: number }

declare module 'fastify' {
  interface FastifyInstance {
    currency: string
    findProduct: (sku: string) => Product | undefined
  }
}

const products: Product[] = [
  { sku: 'tea-01', name: 'Green tea', priceCents: 450 },
  { sku: 'cup-02', name: 'Cup', priceCents: 1200 }
]

const catalog: FastifyPluginAsync<{ currency: string }> = async (fastify, opts) => {
  fastify.decorate('currency', opts.currency)
  fastify.decorate('findProduct', (sku: string) => products.find((product) => product.sku === sku))
}

export default fp(catalog, { name: 'catalog', fastify: '4.x' })
