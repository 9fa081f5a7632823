import type { FastifyInstance } from './instance.js'
import type { FastifyBaseLogger, LogLevel } from './logger.js'
import type { FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions } from './plugin.js'
import type { FastifyTypeProvider } from './type-provider.js'
import type { RawServerBase, RawServerDefault } from './utils.js'

/** What `register()` reads itself, next to the plugin's options. */
export interface RegisterOptions {
  prefix?: string
  logLevel?: LogLevel
  logSerializers?: Record<string, (value: any) => string>
}

export type FastifyRegisterOptions<Options> = (RegisterOptions & Options) | ((instance: FastifyInstance) => RegisterOptions & Options)

/** A plugin of either style, or a module whose default export is one (`import('./plugin.js')`). */
type PluginOrModule<Options extends FastifyPluginOptions, Server extends RawServerBase, TypeProvider extends FastifyTypeProvider, Logger extends FastifyBaseLogger> =
  | FastifyPluginCallback<Options, Server, TypeProvider, Logger> | FastifyPluginAsync<Options, Server, TypeProvider, Logger>
  | Promise<{ default: FastifyPluginCallback<Options, Server, TypeProvider, Logger> }> | Promise<{ default: FastifyPluginAsync<Options, Server, TypeProvider, Logger> }>

/**
 * The type of `register` as Fastify 5 types it; `T` is what it returns. A plugin registered without
 * options is typed with Fastify's plugin options; one that declares its own options must be given
 * them (the options argument is then required).
 */
export interface FastifyRegister<T = void, RawServer extends RawServerBase = RawServerDefault, TypeProviderDefault extends FastifyTypeProvider = FastifyTypeProvider, LoggerDefault extends FastifyBaseLogger = FastifyBaseLogger> {
  // Each style on its own first, so an inline plugin's parameters are typed from its style.
  <Server extends RawServerBase = RawServer, TypeProvider extends FastifyTypeProvider = TypeProviderDefault, Logger extends FastifyBaseLogger = LoggerDefault>(
    plugin: FastifyPluginCallback<FastifyPluginOptions, Server, TypeProvider, Logger>): T
  <Options extends FastifyPluginOptions, Server extends RawServerBase = RawServer, TypeProvider extends FastifyTypeProvider = TypeProviderDefault, Logger extends FastifyBaseLogger = LoggerDefault>(
    plugin: FastifyPluginCallback<Options, Server, TypeProvider, Logger>, opts: FastifyRegisterOptions<Options>): T
  <Server extends RawServerBase = RawServer, TypeProvider extends FastifyTypeProvider = TypeProviderDefault, Logger extends FastifyBaseLogger = LoggerDefault>(
    plugin: FastifyPluginAsync<FastifyPluginOptions, Server, TypeProvider, Logger>): T
  <Options extends FastifyPluginOptions, Server extends RawServerBase = RawServer, TypeProvider extends FastifyTypeProvider = TypeProviderDefault, Logger extends FastifyBaseLogger = LoggerDefault>(
    plugin: FastifyPluginAsync<Options, Server, TypeProvider, Logger>, opts: FastifyRegisterOptions<Options>): T
  <Server extends RawServerBase = RawServer, TypeProvider extends FastifyTypeProvider = TypeProviderDefault, Logger extends FastifyBaseLogger = LoggerDefault>(
    plugin: PluginOrModule<FastifyPluginOptions, Server, TypeProvider, Logger>): T
  <Options extends FastifyPluginOptions, Server extends RawServerBase = RawServer, TypeProvider extends FastifyTypeProvider = TypeProviderDefault, Logger extends FastifyBaseLogger = LoggerDefault>(
    plugin: PluginOrModule<Options, Server, TypeProvider, Logger>, opts: FastifyRegisterOptions<Options>): T
}
