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
  http2?: boolean
  /** Milliseconds an HTTP/2 session may idle before it is closed (Fastify's default, 72000). */
  http2SessionTimeout?: number
  /** close() sends GOAWAY to open HTTP/2 sessions (Enclave's default); `false` waits for them, as Fastify 4. */
  http2GracefulClose?: boolean
  serverFactory?: (handler: (req: IncomingMessage, res: ServerResponse) => void, options: unknown) => Server | import('node:http2').Http2Server | import('node:http2').Http2SecureServer
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
