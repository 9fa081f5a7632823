// Fastify keeps the server factory types in their own module (`fastify/types/server-factory` in Fastify 5).
export type { FastifyServerFactory, FastifyServerFactoryHandler } from './server-options.js'
