/**
 * Fastify's type providers map a schema (`input`) to a type (`output`). Enclave infers TypeBox,
 * JSON Schema literals, Zod and other Standard Schemas without one, so a provider given through
 * `withTypeProvider<P>()` or a plugin type is accepted and changes nothing.
 */
export interface FastifyTypeProvider {
  readonly input: unknown
  readonly output: unknown
}

export interface FastifyTypeProviderDefault extends FastifyTypeProvider {}
