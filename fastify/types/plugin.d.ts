// Fastify 4's type module `fastify/types/plugin`, which plugins' .d.ts files import: the names Fastify's own
// `types/plugin.d.ts` exports.
export type * from '../dist/types/plugin.js'
