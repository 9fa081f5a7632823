// Fastify 4's type modules (`fastify/types/hooks` …) are imported by plugins' .d.ts files: each is the module of the same name.
export type * from '../dist/types/hooks.js'
