/**
 * `@enclave/core/internal`: what the Fastify faces (`@enclave/fastify4`, `@enclave/fastify`) need to build themselves over the same core.
 * Not a public API for apps; it may change with every release of @enclave/core.
 */
export { createServer } from './enclave.js'
export { enclaveProfile, fastify4Profile, fastifyProfile, fastify5Profile, differingOptions, fastify5Options, type Profile } from './profile.js'
export { baseReplyPrototype, baseReplyPrototypeOf } from './reply/reply.js'
export { createReplyConstructor } from './reply/detached-reply.js'
export type * from './types/fastify-faces.js'
export { LogController } from './logging/log-controller.js'
export { fastify5ErrorCodes } from './errors/fastify5-codes.js'
export { notInFastify4Catalogue } from './errors/codes.js'
export { kFastifyRouteContext } from './symbols.js'
export { warnings } from './errors/warnings.js'
export { preloadNodeBuiltins } from './util/node-builtin.js'
