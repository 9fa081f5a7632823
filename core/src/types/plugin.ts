import type { EnclaveInstance } from './instance.js'

/** The options every plugin may be given; register() itself reads `prefix` and `logLevel`. */
export type EnclavePluginOptions = Record<string, any> & { prefix?: string, logLevel?: string, logSerializers?: Record<string, (value: any) => unknown> }

/**
 * Plugins receive the instance they are registered on, typed as the parent that registers them:
 * an inline plugin sees every decoration its parent's type carries. A plugin written on its own
 * states the instance it needs as `I` (default: a plain instance, which any parent satisfies).
 */
export type EnclavePluginCallback<O = EnclavePluginOptions, I = EnclaveInstance> = (instance: I, options: O, done: (error?: Error) => void) => void
export type EnclavePluginAsync<O = EnclavePluginOptions, I = EnclaveInstance> = (instance: I, options: O) => Promise<void>
export type EnclavePlugin<O = any, I = EnclaveInstance> = EnclavePluginCallback<O, I> | EnclavePluginAsync<O, I>

/** What register() understands itself, next to the plugin's own options. */
export interface RegisterOptions { prefix?: string, logLevel?: string, logSerializers?: Record<string, (value: any) => unknown>, name?: string }

/**
 * The options of register(): an object, or a function of the parent instance returning one. A
 * plugin whose options type says nothing (`unknown`, as for a Fastify plugin whose own types cannot
 * be resolved) takes any options object.
 */
export type EnclaveRegisterOptions<O, I = EnclaveInstance> = (KnownOptions<O> & RegisterOptions) | ((parent: I) => KnownOptions<O> & RegisterOptions)
type KnownOptions<O> = unknown extends O ? EnclavePluginOptions : O

/** A plugin module as `import()` hands it over, or its namespace. */
export type EnclavePluginModule<O = any, I = EnclaveInstance> = Promise<{ default: EnclavePlugin<O, I> }> | { default: EnclavePlugin<O, I> }
