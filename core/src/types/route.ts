import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveInstance } from './instance.js'
import type { RouteConfigOf } from './decorations.js'
import type { EnclaveHandledError, RouteHookOption, RouteReply, RouteRequest } from './hooks.js'
import type { EnclaveReply } from './reply.js'
import type { ReplyTable, RouteGeneric, RouteSchema, SuccessPayload } from './route-types.js'
import type { SchemaErrorFormatter, SerializerCompiler, ValidatorCompiler } from './schema.js'

/**
 * What a handler may return: the payload of a 2xx response (or `default`) as the route declares
 * it, the reply itself, or nothing (when it sends through `reply`); sync or as a promise. With no
 * response schema and no `Reply` generic, anything.
 */
export type HandlerReturn<G, S> = SuccessPayload<ReplyTable<G, S>> extends infer P
  ? unknown extends P ? unknown : ReturnShape<P>
  : never
type ReturnShape<P> = P | void | EnclaveReply<any, any, any, any, any> | Promise<P | void | EnclaveReply<any, any, any, any, any>>

/**
 * A route handler. `this` is the instance the route was declared on; request and reply carry the
 * route's types and that instance's decorations.
 */
export type RouteHandler<G extends RouteGeneric = RouteGeneric, S = unknown, I = EnclaveInstance, Path extends string = string> =
  (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>) => HandlerReturn<G, S>

/**
 * Route options that do not depend on how a face types requests and replies (the Fastify faces'
 * route options add Fastify 4.29's typed hooks, handler, error handler and config to these).
 */
export interface RouteCommonOptions<S = RouteSchema> {
  schema?: S
  attachValidation?: boolean
  validatorCompiler?: ValidatorCompiler
  serializerCompiler?: SerializerCompiler
  schemaErrorFormatter?: SchemaErrorFormatter
  constraints?: Record<string, unknown>
  bodyLimit?: number
  logLevel?: string
  /** pino serializers for this route's request logger (merged over its plugin's). */
  logSerializers?: Record<string, (value: any) => unknown>
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
  exposeHeadRoute?: boolean
  version?: string
  /**
   * Options added by plugins (Fastify plugins' route-level options, such as `helmet`), read by their
   * onRoute hooks. A misspelt hook name leaves its function without parameter types, which strict
   * mode reports.
   */
  [pluginOption: string]: unknown
}

/** Route options besides method, url and handler. */
export interface RouteShorthandOptions<G extends RouteGeneric = RouteGeneric, S = RouteSchema, I = EnclaveInstance, Path extends string = string> extends RouteCommonOptions<S> {
  errorHandler?: (this: I, error: EnclaveHandledError, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>) => unknown
  /** Builds this route's request loggers instead of the instance's `childLoggerFactory`. */
  childLoggerFactory?: (this: I, logger: EnclaveLogger, bindings: Record<string, unknown>, options: Record<string, unknown>, raw: import('node:http').IncomingMessage) => EnclaveLogger
  config?: RouteConfigOf<I>
  onRequest?: RouteHookOption<'onRequest', I, G, S, Path>
  preParsing?: RouteHookOption<'preParsing', I, G, S, Path>
  preValidation?: RouteHookOption<'preValidation', I, G, S, Path>
  preHandler?: RouteHookOption<'preHandler', I, G, S, Path>
  preSerialization?: RouteHookOption<'preSerialization', I, G, S, Path>
  onSend?: RouteHookOption<'onSend', I, G, S, Path>
  onResponse?: RouteHookOption<'onResponse', I, G, S, Path>
  onError?: RouteHookOption<'onError', I, G, S, Path>
  onTimeout?: RouteHookOption<'onTimeout', I, G, S, Path>
  onRequestAbort?: RouteHookOption<'onRequestAbort', I, G, S, Path>
  handler?: RouteHandler<G, S, I, Path>
}

/** A shorthand's options with the handler among them: `app.get(path, { handler })`. */
export interface ShorthandOptionsWithHandler<G extends RouteGeneric = RouteGeneric, S = RouteSchema, I = EnclaveInstance, Path extends string = string> extends RouteShorthandOptions<G, S, I, Path> {
  handler: RouteHandler<G, S, I, Path>
}

/** Everything `route()` takes. */
export interface RouteOptions<G extends RouteGeneric = RouteGeneric, S = RouteSchema, I = EnclaveInstance, Path extends string = string> extends RouteShorthandOptions<G, S, I, Path> {
  method: string | string[]
  url?: Path
  path?: Path
  handler: RouteHandler<G, S, I, Path>
}

/**
 * `request.routeOptions`: what the route was declared with, read-only, as Fastify 4.29 shows it
 * (`method` is an array for a multi-method route; a not-found route has no `method`, `url`,
 * `attachValidation`, `exposeHeadRoute` nor `prefixTrailingSlash`; `version` is the request's
 * Accept-Version once a version strategy is in use).
 */
export interface RouteOptionsView<Config = Record<string, unknown>> {
  method: string | string[]
  url: string | undefined
  config: Config
  schema?: RouteSchema
  bodyLimit: number
  attachValidation: boolean
  logLevel?: string
  exposeHeadRoute?: boolean
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
  version?: string
  /** Fastify 5's handler timeout for the route (0: none); on the Fastify v5 face only. */
  handlerTimeout?: number
  handler: (...args: any[]) => unknown
}
