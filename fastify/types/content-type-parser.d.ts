// Fastify 4's type module `fastify/types/content-type-parser`, which plugins' .d.ts files import: the names Fastify's own
// `types/content-type-parser.d.ts` exports.
export type * from '../dist/types/content-type-parser.js'
