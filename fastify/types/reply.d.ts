// Fastify 4's type module `fastify/types/reply`, which plugins' .d.ts files import: the names Fastify's own
// `types/reply.d.ts` exports.
export type * from '../dist/types/reply.js'
