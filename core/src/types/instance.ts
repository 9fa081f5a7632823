import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type {
  DeclaredDecorationValue, DecorationCarrier, DecorationType, EnclaveInstanceDecorations, NewDecorationName,
  PrototypeSafeValue, ReplyDecorationsOf, RequestDecorationsOf, WithDecoration
} from './decorations.js'
import type { EnclaveHandledError, HookName, Hooks, RouteReply, RouteRequest } from './hooks.js'
import type { EnclavePlugin, EnclavePluginAsync, EnclavePluginCallback, EnclavePluginModule, EnclavePluginOptions, EnclaveRegisterOptions } from './plugin.js'
import type { EnclaveReply } from './reply.js'
import type { EnclaveRequest } from './request.js'
import type { RouteHandler, RouteOptions, RouteOptionsView, RouteShorthandOptions, ShorthandOptionsWithHandler } from './route.js'
import type { RouteGeneric, RouteSchema } from './route-types.js'
import type { SchemaErrorFormatter, SerializerCompiler, ValidatorCompiler } from './schema.js'
import type { AnyFunction } from './internal.js'
import type { SchemaControllerOptions } from './options.js'

/**
 * `app.get`, `app.post` …: the route's schema (`S`) and path (`Path`) are inferred from the call,
 * so the handler's request and reply are typed without annotations. Explicit type arguments
 * (`app.get<{ Querystring: Q }>(…)`) give parts directly, as Fastify's RouteGeneric does.
 * Every method shares this one type, so `app[method](…)` works for a union of method names.
 */
export interface RouteShorthand<I = EnclaveInstance> {
  <G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string>(
    path: Path, options: RouteShorthandOptions<G, S, I, Path>, handler: RouteHandler<G, S, I, Path>): I
  <G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string>(
    path: Path, handler: RouteHandler<G, S, I, Path>): I
  <G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string>(
    path: Path, options: RouteShorthandOptions<G, S, I, Path> & { handler: RouteHandler<G, S, I, Path> }): I
}

/** `unknown` for a plugin whose instance parameter is Fastify's instance type (see FastifyFaceBrand), else `never`. */
type FastifyFacedPlugin<P> = P extends (instance: infer I, ...rest: never[]) => unknown
  ? (keyof FastifyFaceBrand extends keyof I ? unknown : never)
  : never
type PluginOptionsOf<P> = P extends (instance: never, options: infer O, ...rest: never[]) => unknown ? O : never

/** What the Fastify faces' `FastifyInstance` declares, so plugins typed for it can be told apart. */
export interface FastifyFaceBrand {
  readonly '~face'?: 'fastify'
}

/** `I` with a request decoration added (see WithDecoration). */
type WithRequestDecoration<I, K, V> =
  string extends K ? I : symbol extends K ? I : I & DecorationCarrier<{ [P in K & PropertyKey]: DecorationType<V> }, {}>
type WithReplyDecoration<I, K, V> =
  string extends K ? I : symbol extends K ? I : I & DecorationCarrier<{}, { [P in K & PropertyKey]: DecorationType<V> }>

/** The request and reply a decoration on `I` is checked against (what they already have). */
type RequestOf<I> = EnclaveRequest & RequestDecorationsOf<I>
type ReplyOf<I> = EnclaveReply & ReplyDecorationsOf<I>

export interface ListenOptions {
  port?: number
  host?: string
  path?: string
  backlog?: number
  exclusive?: boolean
  readableAll?: boolean
  writableAll?: boolean
  ipv6Only?: boolean
  signal?: AbortSignal
  /** The text logged once listening; default `Server listening at ${address}`. */
  listenTextResolver?: (address: string) => string
}

export interface InjectResponse {
  statusCode: number
  statusMessage: string
  headers: Record<string, string | string[] | number | undefined>
  payload: string
  body: string
  rawPayload: Buffer
  /** The response trailers (reply.trailer), as light-my-request gives them. */
  trailers: Record<string, string>
  json<T = any> (): T
  cookies: Array<Record<string, unknown>>
}

/**
 * What every Enclave instance has but its route methods (see EnclaveInstance): the root one
 * `enclave()` returns, or the child a plugin receives. Methods
 * that configure it return `this`, so a decorated instance keeps its decorations along a chain,
 * and what `decorate*()` adds shows in the type they return (see decorations.ts).
 *
 * Awaiting the instance (or what register() and after() return) waits for the plugins loaded so
 * far and gives back the instance. The type is deliberately not thenable: a thenable type would
 * make `await app.register(p)` and an async function returning `app` lose the instance's type.
 */
export interface EnclaveInstanceCore extends EnclaveInstanceDecorations, DecorationCarrier {
  readonly server: Server
  readonly log: EnclaveLogger
  readonly prefix: string
  readonly pluginName: string
  readonly version: string
  readonly initialConfig: Readonly<Record<string, unknown>>

  // Overloads rather than one union, so an inline plugin's parameters are typed from context.
  register<O = EnclavePluginOptions> (plugin: EnclavePluginCallback<O, this>, options?: EnclaveRegisterOptions<O, this>): this
  register<O = EnclavePluginOptions> (plugin: EnclavePluginAsync<O, this>, options?: EnclaveRegisterOptions<O, this>): this
  register<O = EnclavePluginOptions> (plugin: EnclavePlugin<O, this> | EnclavePluginModule<O, this>, options?: EnclaveRegisterOptions<O, this>): this
  /**
   * A plugin typed for Fastify's instance (an official plugin's `FastifyPluginCallback<Options>`,
   * with `fastify` resolving to a Fastify face): it runs on any Enclave instance, and its options
   * stay checked. Only plugins whose instance type carries the Fastify face's brand take this path.
   */
  register<P extends (instance: never, options: never, done: never) => unknown> (plugin: P & FastifyFacedPlugin<P>, options?: EnclaveRegisterOptions<PluginOptionsOf<P>, this>): this
  after (callback?: (error: Error | null) => void): this
  ready (): Promise<this>
  ready (callback: (error: Error | null) => void): undefined
  listen (options?: ListenOptions): Promise<string>
  listen (options: ListenOptions, callback: (error: Error | null, address?: string) => void): undefined
  listen (callback: (error: Error | null, address?: string) => void): undefined
  /** @deprecated Fastify 4's positional form (warns FSTDEP011): use `listen({ port, host, backlog })`. */
  listen (port: number | string, host?: string, backlog?: number): Promise<string>
  /** @deprecated Fastify 4's positional form (warns FSTDEP011): use `listen({ port, host, backlog }, callback)`. */
  listen (port: number | string, host: string, backlog: number, callback: (error: Error | null, address?: string) => void): undefined
  /** @deprecated Fastify 4's positional form (warns FSTDEP011). */
  listen (port: number | string, host: string, callback: (error: Error | null, address?: string) => void): undefined
  /** @deprecated Fastify 4's positional form (warns FSTDEP011). */
  listen (port: number | string, callback: (error: Error | null, address?: string) => void): undefined
  close (): Promise<void>
  close (callback: (error?: Error) => void): this
  /** `await using app = enclave()`: closes the instance, as Fastify's. */
  [Symbol.asyncDispose] (): Promise<void>
  inject (options: string | Record<string, unknown>): Promise<InjectResponse>
  inject (options: string | Record<string, unknown>, callback: (error: Error | null, response: InjectResponse) => void): undefined
  inject (): any
  /**
   * The app as a Web fetch handler: runs the whole lifecycle for a Web `Request` and settles with
   * the `Response` once its head is written (a streamed body is read as it comes). Bound, so
   * `export default { fetch: app.fetch }` works; the app is made ready on the first call. What
   * follows the request is what the runtime passes beside it (Bun's server, Deno's info), read for
   * the client's address. See docs/runtimes.md.
   */
  readonly fetch: (request: Request, ...platformArgs: unknown[]) => Promise<Response>

  /** Lets routes use another HTTP method Node knows (a WebDAV one, say); with `hasBody: true` its requests have their body read. Server-wide. */
  addHttpMethod (method: string, options?: { hasBody?: boolean, overrideExisting?: boolean }): this
  /** The methods routes may use, a copy. */
  readonly supportedMethods: string[]
  hasRoute (options: { method: string | string[], url: string, constraints?: Record<string, unknown> }): boolean
  /** The route a method and url lead to, with the params they give; `null` when none. */
  findRoute (options: { method: string, url: string, constraints?: Record<string, unknown> }): (RouteOptionsView & { params: Record<string, string>, searchParams: Record<string, string> }) | null
  printRoutes (options?: Record<string, unknown>): string
  printPlugins (): string
  printContexts (): string

  onClose (hook: (instance: this, done: () => void) => unknown): this

  hasDecorator (name: string | symbol): boolean
  hasRequestDecorator (name: string | symbol): boolean
  hasReplyDecorator (name: string | symbol): boolean
  getDecorator<K extends keyof this> (name: K): this[K]
  getDecorator<T = unknown> (name: string | symbol): T
  hasPlugin (name: string): boolean

  addSchema (schema: Record<string, unknown> & { $id: string }): this
  getSchema (id: string): Record<string, unknown> | undefined
  getSchemas (): Record<string, Record<string, unknown>>
  setValidatorCompiler (compiler: ValidatorCompiler): this
  setSerializerCompiler (compiler: SerializerCompiler): this
  setSchemaErrorFormatter (formatter: SchemaErrorFormatter): this
  setReplySerializer (serializer: (payload: unknown, statusCode: number) => string): this
  /** The request-id generator of this context and its children (the request-id header still wins). */
  setGenReqId (generator: (raw: import('node:http').IncomingMessage) => string): this
  readonly genReqId: (raw: import('node:http').IncomingMessage) => string
  /** How this context's routes make each request's logger: `(logger, bindings, options, rawRequest) => logger`. */
  setChildLoggerFactory (factory: (this: this, logger: EnclaveLogger, bindings: Record<string, unknown>, options: Record<string, unknown>, raw: import('node:http').IncomingMessage) => EnclaveLogger): this
  readonly childLoggerFactory: (logger: EnclaveLogger, bindings: Record<string, unknown>, options: Record<string, unknown>, raw: import('node:http').IncomingMessage) => EnclaveLogger
  /** This context's (and its descendants') schema bucket and compiler factories, as the `schemaController` option. */
  setSchemaController (controller: SchemaControllerOptions): this
  /**
   * The compilers in effect in this context: the one set here or above; else, from ready() on, the
   * one built for this context's routes; else `undefined` (Fastify's values).
   */
  readonly validatorCompiler: ValidatorCompiler | undefined
  readonly serializerCompiler: SerializerCompiler | undefined
  /** The error handler in effect here (the default one when none was set), so a plugin can delegate to it. */
  // Plain request and reply (not this instance's): a property typed from `this` would stop a
  // decorated instance from passing where a less decorated one is expected.
  readonly errorHandler: (error: EnclaveHandledError, request: EnclaveRequest, reply: EnclaveReply) => unknown
  hasContentTypeParser (type: string | RegExp): boolean
  /** Adds a find-my-way constraint strategy to the server's router (not encapsulated, as in Fastify); before start only. */
  addConstraintStrategy (strategy: ConstraintStrategy): this
  /** Whether a custom strategy (or a built-in one in use) is known by that name. */
  hasConstraintStrategy (name: string): boolean
  /** Fastify's raw `(req, res)` handler for requests no route matches, and its replacement. */
  getDefaultRoute (): (req: IncomingMessage, res: ServerResponse) => void
  setDefaultRoute (handler: (req: IncomingMessage, res: ServerResponse) => void): this
  /** Routes a raw request through the instance, as the HTTP server does. */
  routing (req: IncomingMessage, res: ServerResponse): void
  /**
   * Accepted for Fastify code: Enclave infers types from Zod, Yup, Joi, TypeBox, any Standard
   * Schema and JSON Schema literals without a provider, so the provider is ignored.
   */
  withTypeProvider<_Provider = unknown> (): this
  addresses (): Array<ReturnType<Server['address']>>
  /** `http://host:port` once listening (`null` before). */
  readonly listeningOrigin: string | null
}

/**
 * An Enclave instance: EnclaveInstanceCore with Enclave's decorate, route, hook, handler and
 * content-type parser methods. A Fastify face's instance takes the core's members but those and
 * declares Fastify 4.29's instead (their type arguments, handler types and return types differ, and
 * Fastify's return its instance type or a thenable where these return `this`).
 */
export interface EnclaveInstance extends EnclaveInstanceCore {
  removeContentTypeParser (type: string | RegExp | Array<string | RegExp>): this
  removeAllContentTypeParsers (): this
  /** The JSON body parser Enclave installs, built with the given poisoning policies. */
  getDefaultJsonParser (onProtoPoisoning: 'error' | 'remove' | 'ignore', onConstructorPoisoning: 'error' | 'remove' | 'ignore'): (request: EnclaveRequest, body: string | Buffer) => unknown
  /** Fastify's text/plain parser, callback style: `done(null, body)`. */
  defaultTextParser (request: EnclaveRequest, body: string, done: (error: Error | null, body?: unknown) => void): void
  setErrorHandler<E = EnclaveHandledError> (handler: (this: this, error: E, request: RouteRequest<this>, reply: RouteReply<this>) => unknown): this
  setNotFoundHandler (handler: RouteHandler<RouteGeneric, unknown, this>): this
  setNotFoundHandler (options: Record<string, unknown>, handler: RouteHandler<RouteGeneric, unknown, this>): this
  /** A decoration the types already declare (augmented interfaces): its value is checked. */
  decorate<K extends keyof this & (string | symbol)> (name: K, value: DeclaredDecorationValue<this[K]>, dependencies?: readonly string[]): this
  /** A new decoration: the returned instance type has it. */
  decorate<V, K extends string | symbol = string | symbol> (name: NewDecorationName<K, this>, value?: V, dependencies?: readonly string[]): WithDecoration<this, K, V>
  decorateRequest<K extends keyof RequestOf<this> & (string | symbol)> (name: K, value: DeclaredDecorationValue<RequestOf<this>[K]>, dependencies?: readonly string[]): this
  decorateRequest<V, K extends string | symbol = string | symbol> (name: NewDecorationName<K, RequestOf<this>>, value?: PrototypeSafeValue<V>, dependencies?: readonly string[]): WithRequestDecoration<this, K, V>
  decorateReply<K extends keyof ReplyOf<this> & (string | symbol)> (name: K, value: DeclaredDecorationValue<ReplyOf<this>[K]>, dependencies?: readonly string[]): this
  decorateReply<V, K extends string | symbol = string | symbol> (name: NewDecorationName<K, ReplyOf<this>>, value?: PrototypeSafeValue<V>, dependencies?: readonly string[]): WithReplyDecoration<this, K, V>
  addHook<N extends HookName> (name: N, hook: Hooks<this>[N]): this
  /** A hook name only known at run time; a literal name must be one of Enclave's. */
  addHook<N extends string> (name: string extends N ? N : never, hook: AnyFunction): this
  addContentTypeParser (type: string | string[] | RegExp, parser: (...args: any[]) => unknown): this
  addContentTypeParser (type: string | string[] | RegExp, options: { parseAs?: 'string' | 'buffer', bodyLimit?: number }, parser: (...args: any[]) => unknown): this
  route<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (options: RouteOptions<G, S, this, Path>): this
  get<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  get<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  get<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
  head<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  head<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  head<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
  post<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  post<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  post<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
  put<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  put<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  put<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
  delete<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  delete<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  delete<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
  options<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  options<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  options<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
  patch<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  patch<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  patch<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
  all<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: RouteShorthandOptions<G, S, this, Path>, handler: RouteHandler<G, S, this, Path>): this
  all<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, handler: RouteHandler<G, S, this, Path>): this
  all<G extends RouteGeneric = RouteGeneric, const S extends RouteSchema = RouteSchema, const Path extends string = string> (path: Path, options: ShorthandOptionsWithHandler<G, S, this, Path>): this
}

export type { EnclaveHandledError }

/** A route constraint strategy, as find-my-way (and Fastify) define it. */
export interface ConstraintStrategy {
  name: string
  storage: () => { get: (value: any) => unknown, set: (value: any, store: unknown) => void }
  /** `(request, context)` returns the value; `(request, context, done)` derives it asynchronously. */
  deriveConstraint: ((request: import('node:http').IncomingMessage, context?: unknown) => unknown) | ((request: import('node:http').IncomingMessage, context: unknown, done: (error: Error | null, value?: unknown) => void) => void)
  mustMatchWhenDerived?: boolean
  validate?: (value: unknown) => void
}
