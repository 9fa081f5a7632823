// Fastify 4's type module `fastify/types/instance`, which plugins' .d.ts files import: the names Fastify's own
// `types/instance.d.ts` exports.
export type * from '../dist/types/instance.js'
