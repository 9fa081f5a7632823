// Fastify 4's type modules (`fastify/types/reply` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/reply.js'
