// Fastify 4's type module `fastify/types/utils`, which plugins' .d.ts files import: the names Fastify's own
// `types/utils.d.ts` exports.
export type * from '../dist/types/utils.js'
