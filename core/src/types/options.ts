import type { IncomingMessage, ServerResponse, Server } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveHandledError } from './hooks.js'
import type { EnclaveReply } from './reply.js'
import type { EnclaveRequest } from './request.js'
import type { SchemaErrorFormatter } from './schema.js'
import type { PrecompiledSchemaCode } from '../schema/precompiled-code.js'

/** The options of `enclave()`. */
export interface EnclaveOptions {
  logger?: boolean | Record<string, unknown> | EnclaveLogger
  /** A logger instance to use as it is (Fastify 5's option; `logger` must then be unset or false). Ignored by the Fastify 4 face, as Fastify 4.29 ignores it. */
  loggerInstance?: EnclaveLogger
  bodyLimit?: number
  genReqId?: (raw: IncomingMessage) => string
  /** Makes each request's logger: `(logger, bindings, options, rawRequest) => childLogger`, `this` the instance. */
  childLoggerFactory?: (this: any, logger: EnclaveLogger, bindings: Record<string, unknown>, options: Record<string, unknown>, raw: IncomingMessage) => EnclaveLogger
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
  /**
   * Milliseconds a request may take from routing to its answer (Fastify 5's option; 0, the default, sets
   * none). Past it the request is answered 503 FST_ERR_HANDLER_TIMEOUT through the error handlers and
   * `request.signal` aborts; a route's own `handlerTimeout` overrides it.
   */
  handlerTimeout?: number
  /**
   * Fastify 5's `LogController` (exported by `@enclave/core` and `@enclave/fastify`), or a subclass:
   * its methods write the per-request log lines, its `isLogDisabled()` and `requestIdLogLabel` replace
   * the `disableRequestLogging` and `requestIdLogLabel` options.
   */
  logController?: import('../logging/log-controller.js').LogController
  maxRequestsPerSocket?: number
  return503OnClosing?: boolean
  https?: Record<string, unknown> | null
  /** Node's own `http.createServer()` options (ignored with `https` or `serverFactory`). */
  http?: import('node:http').ServerOptions | null
  http2?: boolean
  /** Milliseconds an HTTP/2 session may idle before it is closed (Fastify's default, 72000). */
  http2SessionTimeout?: number
  /** close() sends GOAWAY to open HTTP/2 sessions (Enclave's default); `false` waits for them, as Fastify 4. */
  http2GracefulClose?: boolean
  /**
   * close() of an HTTP/1 server keeps idle keep-alive connections for a 100 ms grace and answers what
   * arrives on them 503, and marks responses in flight `Connection: close` (Enclave's default);
   * `false` closes idle connections at once and lets busy ones stay until their keep-alive timeout, as Fastify 4.
   */
  gracefulClose?: boolean
  serverFactory?: (handler: (req: IncomingMessage, res: ServerResponse) => void, options: unknown) => Server | import('node:http2').Http2Server | import('node:http2').Http2SecureServer
  /** Silences the per-request log lines: `true`, or (Fastify 5's form; not on the Fastify 4 face) a function of the request, asked for each line. */
  disableRequestLogging?: boolean | ((request: EnclaveRequest) => boolean)
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
  frameworkErrors?: (error: EnclaveHandledError, request: EnclaveRequest, reply: EnclaveReply) => void
  responseValidation?: false | 'log' | 'throw'
  /**
   * Match a request's Content-Type to a parser by its exact media type (case-insensitive), as
   * Fastify v5 does. `false` is Fastify 4's matching, where `application/jsonx` reaches the JSON
   * parser. Default `true` on enclave(), `false` on @enclave/fastify4.
   */
  exactContentTypeMatching?: boolean
  /**
   * Malformed JSON bodies answer Fastify v5's 400 `FST_ERR_CTP_INVALID_JSON_BODY` instead of the
   * parser's own SyntaxError message. Default `true` on enclave(), `false` on @enclave/fastify4.
   */
  genericJsonParseErrors?: boolean
  /** Deepest JSON nesting the built-in parser accepts; `false`: no limit. Default 1000 on enclave(), `false` on @enclave/fastify4. */
  jsonNestingLimit?: number | false
  /**
   * With `trustProxy`, `request.hostname` / `request.protocol` read X-Forwarded-Host / -Proto only
   * when the socket's peer is a trusted proxy, as Fastify v5 does; `false` believes them from any
   * peer once trustProxy is set (Fastify 4). Default `true` on enclave(), `false` on @enclave/fastify4.
   */
  checkForwardingPeer?: boolean
  /** Status of a path parameter longer than maxParamLength: 414 `FST_ERR_MAX_PARAM_LENGTH` (Fastify v5) or 404 (Fastify 4). Default 414 on enclave(), 404 on @enclave/fastify4. */
  paramTooLongStatus?: 404 | 414
  /** decorateRequest/decorateReply with an object or array (one value every request shares): `'reject'` throws FST_ERR_DEC_REFERENCE_TYPE (Fastify v5), `'warn'` emits FSTDEP006 and decorates (Fastify 4). Default `'reject'` on enclave(), `'warn'` on @enclave/fastify4. */
  referenceDecorators?: 'warn' | 'reject'
  /** Never pass the default error handler's payload through a `4xx`/`5xx`/`default` response schema. Default `false` (Fastify's behaviour). */
  protectErrorPayloads?: boolean
  /** Fastify 4's custom version strategy for the `version` constraint. */
  versioning?: { storage: () => unknown, deriveVersion: (request: IncomingMessage, context?: unknown) => string | undefined }
  /**
   * The 400 a failed validation answers: `'spec'` (enclave()'s default) sends `{statusCode, error, message}`
   * with "should …" wording and always sets `error.validation`; `'fastify'` sends Fastify 4.29's
   * `{statusCode, code, error, message}` with Ajv 8's "must …" and sets `validation` as Fastify does.
   */
  validationPayload?: 'spec' | 'fastify'
  /**
   * A validator that throws or rejects: `'conceal'` (enclave()'s default) answers 500
   * `ENC_ERR_VALIDATOR_FAILED` with a generic message (a stack overflow on deep input answers 400);
   * `'fastify'` passes the thrown error on as Fastify 4.29 does.
   */
  validatorFailure?: 'conceal' | 'fastify'
  /** A body schema keyed by media type answers 415 for a type it does not list (Fastify skips validation). */
  rejectUnlistedBodyMediaType?: boolean
  /** Validate a copy of the headers (`request.raw.headers` stays as received); Fastify validates the raw headers in place. */
  validateHeadersOnCopy?: boolean
  /**
   * The default validator accepts OpenAPI annotations (`example`, `xml`, `externalDocs`,
   * `discriminator`) and `x-*` vendor extensions; Fastify's Ajv refuses them in strict mode.
   */
  acceptAnnotationKeywords?: boolean
  /**
   * Refuse `$async: true` schemas at ready() (`ENC_ERR_AJV_ASYNC_SCHEMA`): validation then never
   * waits on I/O before the handler. `true` on `enclave()`; `false` on `@enclave/fastify4`, which
   * runs them as Fastify does.
   */
  rejectAsyncSchemas?: boolean
  /**
   * The default validator's `format: 'date-time'` and `'time'` require a timezone (`Z` or an
   * offset), as RFC 3339 and Fastify 5 do; `iso-date-time` and `iso-time` leave it optional. `true`
   * on `enclave()` and `@enclave/fastify`; `false` on `@enclave/fastify4`, which accepts
   * `2024-01-02T03:04:05` as Fastify 4.29 does.
   */
  requireTimezone?: boolean
  /**
   * A context that adds shared schemas of its own (`addSchema()`) keeps the validator and serializer
   * compilers it inherits from `setValidatorCompiler()` / `setSerializerCompiler()` above it. `true`
   * on `enclave()`, where a compiler set on a context reaches all its descendants; `false` on the
   * Fastify faces, which answer as Fastify 4.29 and 5.12 do: that context's routes get the default
   * compilers (Ajv, fast-json-stringify) instead, unless it set a compiler itself.
   */
  keepCompilersOnAddSchema?: boolean
  /**
   * Compile a route's validators and response serializers on the route's first request instead of
   * at ready(); ready() still fails on a broken schema (a cheap check). Off by default, as Fastify
   * compiles everything at start-up.
   */
  lazySchemaCompilation?: boolean
  /**
   * Keep the default compilers' generated code (Ajv and fast-json-stringify standalone modules) in
   * `dir`, so a second start of an unchanged app skips compilation. Or `{ code }`: the code made
   * when the app was built (`enclave-worker-build`), for platforms that forbid generating code at
   * run time (Cloudflare Workers); a schema it lacks fails ready() with
   * ENC_ERR_SCHEMA_NOT_PRECOMPILED. Off (`null`) by default.
   */
  schemaCache?: { dir: string } | { code: PrecompiledSchemaCode } | null
  /** Where shared schemas are stored and which factories build the compilers (Fastify's `schemaController`). */
  schemaController?: SchemaControllerOptions
}

export interface SchemaBucket {
  add (schema: unknown): unknown
  getSchema (id: string): unknown
  getSchemas (): Record<string, unknown>
}

export interface SchemaControllerOptions {
  /** Called for each encapsulation context with the schemas its parent sees. */
  bucket?: (parentSchemas?: Record<string, unknown>) => SchemaBucket
  compilersFactory?: {
    buildValidator?: (externalSchemas: Record<string, unknown>, ajvServerOptions: Record<string, unknown>) => (input: { schema: any, method: string, url: string, httpPart: string }) => any
    buildSerializer?: (externalSchemas: Record<string, unknown>, serializerOptions: unknown) => (input: { schema: any, method: string, url: string, httpStatus: string, contentType?: string }) => (data: any) => string
  }
}
