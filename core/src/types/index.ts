import type { IncomingMessage, ServerResponse, Server } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ValidationIssue, SchemaErrorFormatter } from '../schema/error-formatter.js'

export type { EnclaveLogger, ValidationIssue, SchemaErrorFormatter }

/** The parts of a route that its schema can type; Fastify's RouteGenericInterface. */
export interface RouteGeneric {
  Body?: unknown
  Querystring?: unknown
  Params?: unknown
  Headers?: unknown
  Reply?: unknown
}

type Part<G extends RouteGeneric, K extends keyof RouteGeneric, Fallback> = G[K] extends undefined ? Fallback : unknown extends G[K] ? Fallback : G[K]

export type HttpPart = 'body' | 'querystring' | 'params' | 'headers'

export interface ValidatorCompilerInput { schema: any, method: string, url: string, httpPart: HttpPart }
export type ValidationResult = boolean | { value?: unknown, error?: unknown }
export type ValidationFunction = ((data: any) => ValidationResult | Promise<ValidationResult> | undefined) & { errors?: unknown }
export type ValidatorCompiler = (input: ValidatorCompilerInput) => ValidationFunction
export interface SerializerCompilerInput { schema: any, method: string, url: string, httpStatus: string, contentType?: string }
export type SerializerFunction = (data: any) => string
export type SerializerCompiler = (input: SerializerCompilerInput) => SerializerFunction

/** Augment these with `declare module '@enclave/core'` to type decorators (as with Fastify). */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface EnclaveInstanceDecorations {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface EnclaveRequestDecorations {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface EnclaveReplyDecorations {}

export interface ValidationError extends Error {
  statusCode: 400
  code: 'FST_ERR_VALIDATION' | string
  validation: ValidationIssue[]
  validationContext: HttpPart
}

export interface RouteOptionsView {
  method: string
  url: string
  path: string
  prefix: string
  config: Record<string, unknown>
  schema?: RouteSchema
  bodyLimit: number
  attachValidation: boolean
  logLevel?: string
  exposeHeadRoute?: boolean
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
  version?: string
  constraints?: Record<string, unknown>
  handler: (...args: any[]) => unknown
}

export interface EnclaveRequest<G extends RouteGeneric = RouteGeneric> extends EnclaveRequestDecorations {
  id: string
  params: Part<G, 'Params', unknown>
  query: Part<G, 'Querystring', unknown>
  body: Part<G, 'Body', unknown>
  headers: Part<G, 'Headers', Record<string, string | string[] | undefined>> & Record<string, string | string[] | undefined>
  raw: IncomingMessage
  readonly ip: string | undefined
  readonly ips: string[]
  readonly hostname: string
  readonly protocol: 'http' | 'https'
  readonly url: string
  readonly originalUrl: string
  readonly method: string
  readonly routeOptions: Readonly<RouteOptionsView>
  readonly is404: boolean
  readonly socket: IncomingMessage['socket']
  readonly server: EnclaveInstance
  log: EnclaveLogger
  validationError?: ValidationError
  [decoration: string]: unknown
}

export interface EnclaveReply<G extends RouteGeneric = RouteGeneric> extends EnclaveReplyDecorations {
  raw: ServerResponse
  request: EnclaveRequest<G>
  log: EnclaveLogger
  statusCode: number
  readonly sent: boolean
  readonly elapsedTime: number
  readonly server: EnclaveInstance
  code (statusCode: number): this
  status (statusCode: number): this
  header (name: string, value: unknown): this
  headers (values: Record<string, unknown>): this
  getHeader (name: string): unknown
  getHeaders (): Record<string, unknown>
  hasHeader (name: string): boolean
  removeHeader (name: string): this
  type (contentType: string): this
  serializer (fn: (payload: any) => string): this
  serialize (payload: unknown): string
  send (payload?: Part<G, 'Reply', unknown> | Error | string | Buffer | NodeJS.ReadableStream | null): this
  redirect (url: string, statusCode?: number): this
  redirect (statusCode: number, url: string): this
  callNotFound (): this
  hijack (): this
  then (fulfilled: () => void, rejected?: (error: Error) => void): void
  [decoration: string]: unknown
}

export type RouteHandler<G extends RouteGeneric = RouteGeneric> =
  (this: EnclaveInstance, request: EnclaveRequest<G>, reply: EnclaveReply<G>) => unknown

export interface RouteSchema {
  body?: unknown
  querystring?: unknown
  query?: unknown
  params?: unknown
  headers?: unknown
  response?: Record<string | number, unknown>
  [key: string]: unknown
}

export type HookHandler<G extends RouteGeneric = RouteGeneric> = (this: EnclaveInstance, request: EnclaveRequest<G>, reply: EnclaveReply<G>, ...rest: any[]) => unknown

export interface RouteShorthandOptions<G extends RouteGeneric = RouteGeneric> {
  schema?: RouteSchema
  attachValidation?: boolean
  validatorCompiler?: ValidatorCompiler
  serializerCompiler?: SerializerCompiler
  schemaErrorFormatter?: SchemaErrorFormatter
  errorHandler?: (this: EnclaveInstance, error: any, request: EnclaveRequest<G>, reply: EnclaveReply<G>) => unknown
  config?: Record<string, unknown>
  constraints?: Record<string, unknown>
  bodyLimit?: number
  logLevel?: string
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
  exposeHeadRoute?: boolean
  onRequest?: HookHandler<G> | Array<HookHandler<G>>
  preParsing?: HookHandler<G> | Array<HookHandler<G>>
  preValidation?: HookHandler<G> | Array<HookHandler<G>>
  preHandler?: HookHandler<G> | Array<HookHandler<G>>
  preSerialization?: HookHandler<G> | Array<HookHandler<G>>
  onSend?: HookHandler<G> | Array<HookHandler<G>>
  onResponse?: HookHandler<G> | Array<HookHandler<G>>
  onError?: HookHandler<G> | Array<HookHandler<G>>
  onTimeout?: HookHandler<G> | Array<HookHandler<G>>
  onRequestAbort?: HookHandler<G> | Array<HookHandler<G>>
  handler?: RouteHandler<G>
  [option: string]: unknown
}

export interface RouteOptions<G extends RouteGeneric = RouteGeneric> extends RouteShorthandOptions<G> {
  method: string | string[]
  url?: string
  path?: string
  handler: RouteHandler<G>
}

export interface RouteShorthand {
  <G extends RouteGeneric = RouteGeneric>(path: string, handler: RouteHandler<G>): EnclaveInstance
  <G extends RouteGeneric = RouteGeneric>(path: string, options: RouteShorthandOptions<G>, handler: RouteHandler<G>): EnclaveInstance
  <G extends RouteGeneric = RouteGeneric>(path: string, options: RouteShorthandOptions<G> & { handler: RouteHandler<G> }): EnclaveInstance
}

export type EnclavePluginOptions = Record<string, any> & { prefix?: string, logLevel?: string }
export type EnclavePluginCallback<O = EnclavePluginOptions> = (instance: EnclaveInstance, options: O, done: (error?: Error) => void) => void
export type EnclavePluginAsync<O = EnclavePluginOptions> = (instance: EnclaveInstance, options: O) => Promise<void>
export type EnclavePlugin<O = any> = EnclavePluginCallback<O> | EnclavePluginAsync<O>
/** What register() understands itself, next to the plugin's own options. */
export interface RegisterOptions { prefix?: string, logLevel?: string, name?: string }
/** The options of register(): an object, or a function of the parent instance returning one. */
export type EnclaveRegisterOptions<O> = (O & RegisterOptions) | ((parent: EnclaveInstance) => O & RegisterOptions)

export interface EnclaveInstance extends EnclaveInstanceDecorations, PromiseLike<undefined> {
  readonly server: Server
  readonly log: EnclaveLogger
  readonly prefix: string
  readonly pluginName: string
  readonly version: string
  readonly initialConfig: Readonly<Record<string, unknown>>
  // Overloads rather than one union, so an inline plugin's parameters are typed from context.
  register<O = EnclavePluginOptions> (plugin: EnclavePluginCallback<O>, options?: EnclaveRegisterOptions<O>): EnclaveInstance
  register<O = EnclavePluginOptions> (plugin: EnclavePluginAsync<O>, options?: EnclaveRegisterOptions<O>): EnclaveInstance
  register<O = EnclavePluginOptions> (plugin: EnclavePlugin<O> | Promise<{ default: EnclavePlugin<O> }> | { default: EnclavePlugin<O> }, options?: EnclaveRegisterOptions<O>): EnclaveInstance
  after (callback?: (error: Error | null) => void): EnclaveInstance
  ready (): Promise<EnclaveInstance>
  ready (callback: (error: Error | null) => void): undefined
  listen (options?: { port?: number, host?: string, path?: string, backlog?: number }): Promise<string>
  listen (options: { port?: number, host?: string }, callback: (error: Error | null, address?: string) => void): undefined
  close (): Promise<void>
  close (callback: (error?: Error) => void): EnclaveInstance
  inject (options: string | Record<string, unknown>): Promise<InjectResponse>
  inject (options: string | Record<string, unknown>, callback: (error: Error | null, response: InjectResponse) => void): undefined
  inject (): any
  route<G extends RouteGeneric = RouteGeneric> (options: RouteOptions<G>): EnclaveInstance
  get: RouteShorthand
  head: RouteShorthand
  post: RouteShorthand
  put: RouteShorthand
  delete: RouteShorthand
  options: RouteShorthand
  patch: RouteShorthand
  all: RouteShorthand
  hasRoute (options: { method: string | string[], url: string, constraints?: Record<string, unknown> }): boolean
  printRoutes (options?: Record<string, unknown>): string
  printPlugins (): string
  printContexts (): string
  addHook (name: string, hook: (...args: any[]) => unknown): EnclaveInstance
  onClose (hook: (instance: EnclaveInstance, done?: () => void) => unknown): EnclaveInstance
  decorate (name: string | symbol, value: unknown, dependencies?: string[]): EnclaveInstance
  decorateRequest (name: string | symbol, value: unknown, dependencies?: string[]): EnclaveInstance
  decorateReply (name: string | symbol, value: unknown, dependencies?: string[]): EnclaveInstance
  hasDecorator (name: string | symbol): boolean
  hasRequestDecorator (name: string | symbol): boolean
  hasReplyDecorator (name: string | symbol): boolean
  getDecorator<T = unknown> (name: string | symbol): T
  hasPlugin (name: string): boolean
  addSchema (schema: Record<string, unknown> & { $id: string }): EnclaveInstance
  getSchema (id: string): Record<string, unknown> | undefined
  getSchemas (): Record<string, Record<string, unknown>>
  setValidatorCompiler (compiler: ValidatorCompiler): EnclaveInstance
  setSerializerCompiler (compiler: SerializerCompiler): EnclaveInstance
  setSchemaErrorFormatter (formatter: SchemaErrorFormatter): EnclaveInstance
  setReplySerializer (serializer: (payload: unknown, statusCode: number) => string): EnclaveInstance
  setErrorHandler<E = any> (handler: (this: EnclaveInstance, error: E, request: EnclaveRequest, reply: EnclaveReply) => unknown): EnclaveInstance
  setNotFoundHandler (handler: RouteHandler): EnclaveInstance
  setNotFoundHandler (options: Record<string, unknown>, handler: RouteHandler): EnclaveInstance
  addContentTypeParser (type: string | string[] | RegExp, parser: (...args: any[]) => unknown): EnclaveInstance
  addContentTypeParser (type: string | string[] | RegExp, options: { parseAs?: 'string' | 'buffer', bodyLimit?: number }, parser: (...args: any[]) => unknown): EnclaveInstance
  hasContentTypeParser (type: string | RegExp): boolean
  removeContentTypeParser (type: string | RegExp | Array<string | RegExp>): EnclaveInstance
  removeAllContentTypeParsers (): EnclaveInstance
  addresses (): Array<ReturnType<Server['address']>>
  [decoration: string]: unknown
}

export interface InjectResponse {
  statusCode: number
  statusMessage: string
  headers: Record<string, string | string[] | number | undefined>
  payload: string
  body: string
  rawPayload: Buffer
  json<T = any> (): T
  cookies: Array<Record<string, unknown>>
}

export interface EnclaveOptions {
  logger?: boolean | Record<string, unknown> | EnclaveLogger
  bodyLimit?: number
  genReqId?: (raw: IncomingMessage) => string
  requestIdHeader?: string | false
  requestIdLogLabel?: string
  trustProxy?: boolean | string | string[] | number | ((address: string, hop: number) => boolean)
  ignoreTrailingSlash?: boolean
  ignoreDuplicateSlashes?: boolean
  caseSensitive?: boolean
  maxParamLength?: number
  connectionTimeout?: number
  keepAliveTimeout?: number
  requestTimeout?: number
  maxRequestsPerSocket?: number
  return503OnClosing?: boolean
  https?: Record<string, unknown> | null
  http2?: false
  serverFactory?: (handler: (req: IncomingMessage, res: ServerResponse) => void, options: unknown) => Server
  disableRequestLogging?: boolean
  pluginTimeout?: number
  querystringParser?: (query: string) => Record<string, unknown>
  exposeHeadRoutes?: boolean
  onProtoPoisoning?: 'error' | 'remove' | 'ignore'
  onConstructorPoisoning?: 'error' | 'remove' | 'ignore'
  forceCloseConnections?: boolean | 'idle'
  ajv?: { customOptions?: Record<string, unknown>, plugins?: unknown[], onCreate?: (ajv: any) => void }
  validator?: { customOptions?: Record<string, unknown>, plugins?: unknown[], onCreate?: (ajv: any) => void }
  serializerOpts?: Record<string, unknown>
  schemaErrorFormatter?: SchemaErrorFormatter
  jsonShorthand?: boolean
  allowUnsafeRegex?: boolean
  useSemicolonDelimiter?: boolean
  constraints?: Record<string, unknown>
  rewriteUrl?: (raw: IncomingMessage) => string
  clientErrorHandler?: (error: Error, socket: import('node:net').Socket) => void
  frameworkErrors?: (error: Error & { code: string, statusCode?: number }, request: EnclaveRequest, reply: EnclaveReply) => void
  responseValidation?: false | 'log' | 'throw'
}

// Fastify's names, so a TypeScript Fastify app compiles after changing its import.
export type FastifyInstance = EnclaveInstance
export type FastifyRequest<G extends RouteGeneric = RouteGeneric> = EnclaveRequest<G>
export type FastifyReply<G extends RouteGeneric = RouteGeneric> = EnclaveReply<G>
export type FastifyPluginAsync<O = EnclavePluginOptions> = EnclavePluginAsync<O>
export type FastifyPluginCallback<O = EnclavePluginOptions> = EnclavePluginCallback<O>
export type FastifyPluginOptions = EnclavePluginOptions
export type FastifyServerOptions = EnclaveOptions
export type RouteGenericInterface = RouteGeneric
export type FastifySchema = RouteSchema
export type FastifyError = Error & { code: string, statusCode?: number }
