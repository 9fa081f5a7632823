/**
 * Fastify 5.12's `LogController`: the per-request log lines (incoming, completed, not found, the
 * default error handler's) as methods an app overrides in a subclass, passed as the `logController`
 * option. Without that option the core writes the same lines itself, with no call through here.
 */
import { errorCodes } from '../errors/codes.js'

/** The logger methods the lines use. */
interface LineWriter {
  info (...args: unknown[]): void
  warn (...args: unknown[]): void
  error (...args: unknown[]): void
}

/** What the methods read of the framework's request and reply (an app's subclass gets the whole objects). */
export interface ControlledRequest {
  log: LineWriter
  raw: { method?: string, url?: string }
}

export interface ControlledReply {
  log: LineWriter
  statusCode: number
  elapsedTime: number
}

function messageOf (error: unknown): unknown {
  return (error as { message?: unknown } | null | undefined)?.message
}

export interface LogControllerOptions {
  /** `true`, or a function of the request returning `true`, silences the per-request lines. */
  disableRequestLogging?: boolean | ((request: ControlledRequest) => boolean)
  /** The key the request id is logged under (default `reqId`). */
  requestIdLogLabel?: string
}

export class LogController {
  disableRequestLogging: boolean | ((request: ControlledRequest) => boolean)
  isDisableRequestLoggingFunction: boolean
  requestIdLogLabel: string

  constructor (options?: LogControllerOptions) {
    const given = options ?? {}
    // Fastify 5's defaults apply to any falsy value given.
    this.disableRequestLogging = given.disableRequestLogging || false
    this.isDisableRequestLoggingFunction = typeof this.disableRequestLogging === 'function'
    this.requestIdLogLabel = given.requestIdLogLabel || 'reqId'
  }

  /** Whether this request's lines are silenced. */
  isLogDisabled (request: ControlledRequest): boolean {
    const setting = this.disableRequestLogging
    return typeof setting === 'function' ? setting(request) : setting
  }

  incomingRequest (request: ControlledRequest, _reply?: unknown, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    request.log.info({ req: request }, 'incoming request')
  }

  requestCompleted (error: unknown, request: ControlledRequest, reply: ControlledReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    if (error !== null && error !== undefined) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }

  /** The default error handler's line: `error` level for a 5xx answer, `info` otherwise. */
  defaultErrorLog (error: unknown, request: ControlledRequest, reply: ControlledReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, messageOf(error))
    else reply.log.info({ res: reply, err: error }, messageOf(error))
  }

  streamError (error: unknown, request: ControlledRequest, reply: ControlledReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    if ((error as { code?: unknown } | null | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info({ res: reply }, 'stream closed prematurely')
    else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent')
  }

  routeNotFound (request: ControlledRequest, _reply?: unknown, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    request.log.info(`Route ${String(request.raw.method)}:${String(request.raw.url)} not found`)
  }

  writeHeadError (error: unknown, request: ControlledRequest, reply: ControlledReply, _metadata?: unknown): void {
    if (this.isLogDisabled(request)) return
    reply.log.warn({ req: request, res: reply, err: error }, messageOf(error))
  }

  serializerError (error: unknown, request: ControlledRequest, reply: ControlledReply, metadata: { statusCode: number }): void {
    if (this.isLogDisabled(request)) return
    reply.log.error({ err: error, statusCode: metadata.statusCode }, 'The serializer for the given status code failed')
  }

  /** Written for every request refused while closing, whatever disableRequestLogging says. */
  serviceUnavailable (logger: Pick<LineWriter, 'info'>, _server?: unknown): void {
    logger.info({ res: { statusCode: 503 } }, 'request aborted - refusing to accept new requests as server is closing')
  }
}

/** The `logController` option: an instance of LogController (or a subclass), else FST_ERR_LOG_INVALID_LOG_CONTROLLER. */
export function checkLogController (value: unknown): LogController {
  if (!(value instanceof LogController)) throw new errorCodes.FST_ERR_LOG_INVALID_LOG_CONTROLLER(typeof value)
  return value
}
