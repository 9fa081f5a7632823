// Fastify 5's type modules (`fastify/types/server-factory` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/server-factory.js'
