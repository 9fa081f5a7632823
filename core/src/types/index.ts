/**
 * Enclave's public types, one concept per file; `core/src/index.ts` re-exports them all.
 * docs/typescript.md explains how they fit together.
 */
export type { EnclaveLogger } from '../logging/logger.js'
export type { PrecompiledSchemaCode } from '../schema/precompiled-code.js'
export type * from './schema.js'
export type * from './route-types.js'
export type * from './schema-inference.js'
export type * from './json-schema-to-ts.js'
export type * from './decorations.js'
export type * from './request.js'
export type * from './reply.js'
export type * from './hooks.js'
export type * from './route.js'
export type * from './plugin.js'
export type * from './instance.js'
export type * from './options.js'
export type * from './fastify-compat.js'
export type * from './http2.js'
/** Loose function type for values users hand in; checked at the boundary where they are accepted. */
export type { AnyFunction } from './internal.js'
