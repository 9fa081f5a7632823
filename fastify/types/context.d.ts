// Fastify 4's type modules (`fastify/types/context` …) are imported by plugins' .d.ts files; every public type is this package's index's.
export type * from '../dist/index.js'
