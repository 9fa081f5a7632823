import type { IncomingMessage, ServerResponse, Server } from 'node:http'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveHandledError } from './hooks.js'
import type { EnclaveReply } from './reply.js'
import type { EnclaveRequest } from './request.js'
import type { SchemaErrorFormatter } from './schema.js'

/** The options of `enclave()`. */
export interface EnclaveOptions {
  logger?: boolean | Record<string, unknown> | EnclaveLogger
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
  maxRequestsPerSocket?: number
  return503OnClosing?: boolean
  https?: Record<string, unknown> | null
  /** Node's own `http.createServer()` options (ignored with `https` or `serverFactory`). */
  http?: import('node:http').ServerOptions | null
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
  frameworkErrors?: (error: EnclaveHandledError, request: EnclaveRequest, reply: EnclaveReply) => void
  responseValidation?: false | 'log' | 'throw'
}
