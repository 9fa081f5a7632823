// Fastify 4's type module `fastify/types/hooks`, which plugins' .d.ts files import: the names Fastify's own
// `types/hooks.d.ts` exports.
export type * from '../dist/types/hooks.js'
