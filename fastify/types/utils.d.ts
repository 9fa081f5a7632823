// Fastify's type modules (`fastify/types/utils` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/utils.js'
