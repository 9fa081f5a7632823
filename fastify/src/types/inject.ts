// light-my-request's types, the same in both Fastify faces (declared once in @enclave/core).
export type { InjectOptions, LightMyRequestCallback, LightMyRequestChain, LightMyRequestResponse } from '@enclave/core/internal'
