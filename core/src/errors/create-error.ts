import { format } from 'node:util'

/** An error with a stable `code` and the HTTP `statusCode` it answers with. */
export interface EnclaveError extends Error {
  code: string
  statusCode?: number
}

export interface EnclaveErrorClass {
  new (...args: unknown[]): EnclaveError
  (...args: unknown[]): EnclaveError
  readonly prototype: EnclaveError
  readonly code: string
  readonly statusCode: number | undefined
}

/** Fastify's errors (@fastify/error) answer 500 unless their code says otherwise. */
const DEFAULT_STATUS_CODE = 500

function hasCause (value: unknown): value is { cause: unknown } {
  return typeof value === 'object' && value !== null && 'cause' in value
}

/**
 * Builds one error class per code, so users can test `err instanceof errorCodes.FST_ERR_X`
 * as with Fastify. Instances look like Fastify's (@fastify/error 3): own enumerable `code`,
 * `name: 'FastifyError'`, `statusCode` and `message`, so `JSON.stringify(err)`, loggers and plugins
 * that read them see the same object; a last argument `{ cause }` becomes `err.cause`.
 */
export function createError (
  code: string,
  template: string,
  statusCode: number = DEFAULT_STATUS_CODE,
  Base: ErrorConstructor | TypeErrorConstructor | RangeErrorConstructor = Error
): EnclaveErrorClass {
  function EnclaveCodedError (this: EnclaveError | undefined, ...args: unknown[]): EnclaveError {
    if (!(this instanceof EnclaveCodedError)) {
      // Callable without `new`, like Fastify's error constructors.
      return new (EnclaveCodedError as unknown as EnclaveErrorClass)(...args)
    }
    const self = this as EnclaveError
    self.code = code
    self.name = 'FastifyError'
    self.statusCode = statusCode
    const last = args.length > 0 ? args[args.length - 1] : undefined
    if (hasCause(last)) {
      self.cause = last.cause
      args.pop()
    }
    self.message = args.length > 0 ? format(template, ...args) : template
    Error.captureStackTrace(self, EnclaveCodedError)
    return self
  }
  const prototype = Object.create(Base.prototype, {
    constructor: { value: EnclaveCodedError, writable: true, configurable: true }
  }) as EnclaveError
  prototype.toString = function toString (this: EnclaveError) {
    return `${this.name} [${this.code}]: ${this.message}`
  }
  EnclaveCodedError.prototype = prototype
  // As @fastify/error names every class: what loggers report as the error's type (`err.type`).
  Object.defineProperty(EnclaveCodedError, 'name', { value: 'FastifyError' })
  Object.defineProperty(EnclaveCodedError, 'code', { value: code })
  Object.defineProperty(EnclaveCodedError, 'statusCode', { value: statusCode })
  return EnclaveCodedError as unknown as EnclaveErrorClass
}
