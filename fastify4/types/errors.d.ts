// Fastify 4's type modules (`fastify/types/errors` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/errors.js'
