// Fastify keeps the server factory types in their own module (`fastify/types/serverFactory`).
export type { FastifyServerFactory, FastifyServerFactoryHandler } from './server-options.js'
