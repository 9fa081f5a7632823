// Fastify 4's type module `fastify/types/errors`, which plugins' .d.ts files import: the names Fastify's own
// `types/errors.d.ts` exports.
export type * from '../dist/types/errors.js'
