// Fastify 4's type module `fastify/types/context`, which plugins' .d.ts files import: the names Fastify's own
// `types/context.d.ts` exports.
export type * from '../dist/types/context.js'
