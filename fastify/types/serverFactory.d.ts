// Fastify 4's type module `fastify/types/serverFactory`, which plugins' .d.ts files import: the names Fastify's own
// `types/serverFactory.d.ts` exports.
export type * from '../dist/types/serverFactory.js'
