// light-my-request 6's own types, under Fastify 5's names: the face's inject() runs light-my-request 6,
// and `light-my-request` is the face's dependency, so an app installing it resolves these as Fastify 5's.
export type {
  InjectOptions,
  CallbackFunc as LightMyRequestCallback,
  Chain as LightMyRequestChain,
  Response as LightMyRequestResponse
} from 'light-my-request'
