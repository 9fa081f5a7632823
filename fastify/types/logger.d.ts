// Fastify 4's type module `fastify/types/logger`, which plugins' .d.ts files import: the names Fastify's own
// `types/logger.d.ts` exports.
export type * from '../dist/types/logger.js'
