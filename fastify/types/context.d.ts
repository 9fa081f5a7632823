// Fastify's type modules (`fastify/types/context` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/context.js'
