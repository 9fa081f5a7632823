// Fastify 4's type modules (`fastify/types/schema` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/schema.js'
