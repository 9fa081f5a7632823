// Fastify 4's type module `fastify/types/register`, which plugins' .d.ts files import: the names Fastify's own
// `types/register.d.ts` exports.
export type * from '../dist/types/register.js'
