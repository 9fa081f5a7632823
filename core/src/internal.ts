/**
 * `@enclave/core/internal`: what `@enclave/fastify` needs to build its face over the same core.
 * Not a public API for apps; it may change with every release of @enclave/core.
 */
export { createServer } from './enclave.js'
export { enclaveProfile, fastifyProfile, fastify5Profile, differingOptions, fastify5Options, type Profile } from './profile.js'
export { baseReplyPrototype } from './reply/reply.js'
