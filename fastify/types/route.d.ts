// Fastify 4's type module `fastify/types/route`, which plugins' .d.ts files import: the names Fastify's own
// `types/route.d.ts` exports.
export type * from '../dist/types/route.js'
