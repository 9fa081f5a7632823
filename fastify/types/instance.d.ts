// Fastify's type modules (`fastify/types/instance` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/instance.js'
