// Fastify 4's type module `fastify/types/schema`, which plugins' .d.ts files import: the names Fastify's own
// `types/schema.d.ts` exports.
export type * from '../dist/types/schema.js'
