/**
 * Fastify 5.12's `LogController`: the per-request log lines (incoming, completed, not found, the
 * default error handler's) as methods an app overrides in a subclass, passed as the `logController`
 * option. Without that option the core writes the same lines itself, with no call through here.
 */
import { errorCodes } from '../errors/codes.js'

/* eslint-disable @typescript-eslint/no-explicit-any -- an app's subclass receives the framework's request and reply */
type AnyRequest = any
type AnyReply = any
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface LogControllerOptions {
  /** `true`, or a function of the request returning `true`, silences the per-request lines. */
  disableRequestLogging?: boolean | ((request: AnyRequest) => boolean)
  /** The key the request id is logged under (default `reqId`). */
  requestIdLogLabel?: string
}

export class LogController {
  disableRequestLogging: boolean | ((request: AnyRequest) => boolean)
  isDisableRequestLoggingFunction: boolean
  requestIdLogLabel: string

  constructor (options?: LogControllerOptions) {
    const given = options ?? {}
    // Fastify 5's defaults apply to any falsy value given.
    this.disableRequestLogging = given.disableRequestLogging || false // eslint-disable-line @typescript-eslint/prefer-nullish-coalescing
    this.isDisableRequestLoggingFunction = typeof this.disableRequestLogging === 'function'
    this.requestIdLogLabel = given.requestIdLogLabel || 'reqId' // eslint-disable-line @typescript-eslint/prefer-nullish-coalescing
  }

  /** Whether this request's lines are silenced. */
  isLogDisabled (request: AnyRequest): boolean {
    const setting = this.disableRequestLogging
    return typeof setting === 'function' ? setting(request) : setting
  }

  incomingRequest (request: AnyRequest, _reply?: AnyReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    request.log.info({ req: request }, 'incoming request')
  }

  requestCompleted (error: unknown, request: AnyRequest, reply: AnyReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    if (error !== null && error !== undefined) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }

  /** The default error handler's line: `error` level for a 5xx answer, `info` otherwise. */
  defaultErrorLog (error: AnyRequest, request: AnyRequest, reply: AnyReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, error?.message)
    else reply.log.info({ res: reply, err: error }, error?.message)
  }

  streamError (error: AnyRequest, request: AnyRequest, reply: AnyReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info({ res: reply }, 'stream closed prematurely')
    else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent')
  }

  routeNotFound (request: AnyRequest, _reply?: AnyReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    request.log.info(`Route ${String(request.raw.method)}:${String(request.raw.url)} not found`)
  }

  writeHeadError (error: AnyRequest, request: AnyRequest, reply: AnyReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    reply.log.warn({ req: request, res: reply, err: error }, error?.message)
  }

  serializerError (error: unknown, request: AnyRequest, reply: AnyReply, metadata: { statusCode: number }): void {
    if (this.isLogDisabled(request)) return
    reply.log.error({ err: error, statusCode: metadata.statusCode }, 'The serializer for the given status code failed')
  }

  /** Written for every request refused while closing, whatever disableRequestLogging says. */
  serviceUnavailable (logger: { info: (...args: unknown[]) => void }, _server?: unknown): void {
    logger.info({ res: { statusCode: 503 } }, 'request aborted - refusing to accept new requests as server is closing')
  }
}

/** The `logController` option: an instance of LogController (or a subclass), else FST_ERR_LOG_INVALID_LOG_CONTROLLER. */
export function checkLogController (value: unknown): LogController {
  if (!(value instanceof LogController)) throw new errorCodes.FST_ERR_LOG_INVALID_LOG_CONTROLLER(typeof value)
  return value
}
