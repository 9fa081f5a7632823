/** Fastify v4's public type names, resolving to Enclave's own types. */
export type * from '@enclave/core'
