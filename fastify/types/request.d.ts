// Fastify 4's type module `fastify/types/request`, which plugins' .d.ts files import: the names Fastify's own
// `types/request.d.ts` exports.
export type * from '../dist/types/request.js'
