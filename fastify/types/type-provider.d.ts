// Fastify 4's type module `fastify/types/type-provider`, which plugins' .d.ts files import: the names Fastify's own
// `types/type-provider.d.ts` exports.
export type * from '../dist/types/type-provider.js'
