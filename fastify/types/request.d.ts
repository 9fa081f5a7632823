// Fastify's type modules (`fastify/types/request` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/request.js'
