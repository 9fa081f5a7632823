// Fastify 4's type modules (`fastify/types/serverFactory` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/serverFactory.js'
