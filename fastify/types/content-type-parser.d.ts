// Fastify's type modules (`fastify/types/content-type-parser` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/content-type-parser.js'
