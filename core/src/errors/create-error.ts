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

/**
 * Builds one error class per code, so users can test `err instanceof errorCodes.FST_ERR_X`
 * as with Fastify, and every instance carries the same `code`, `statusCode` and message template.
 */
export function createError (
  code: string,
  template: string,
  statusCode?: number,
  Base: ErrorConstructor | TypeErrorConstructor | RangeErrorConstructor = Error
): EnclaveErrorClass {
  function EnclaveCodedError (this: EnclaveError | undefined, ...args: unknown[]): EnclaveError {
    if (!(this instanceof EnclaveCodedError)) {
      // Callable without `new`, like Fastify's error constructors.
      return new (EnclaveCodedError as unknown as EnclaveErrorClass)(...args)
    }
    const self = this as EnclaveError
    self.message = args.length > 0 && template.includes('%') ? format(template, ...args) : template
    Error.captureStackTrace(self, EnclaveCodedError)
    return self
  }
  EnclaveCodedError.prototype = Object.create(Base.prototype, {
    constructor: { value: EnclaveCodedError, writable: true, configurable: true },
    name: { value: 'EnclaveError', writable: true, configurable: true },
    code: { value: code, writable: true, enumerable: true, configurable: true },
    ...(statusCode === undefined
      ? {}
      : { statusCode: { value: statusCode, writable: true, enumerable: true, configurable: true } })
  })
  EnclaveCodedError.prototype.toString = function toString (this: EnclaveError) {
    return `${this.name} [${this.code}]: ${this.message}`
  }
  Object.defineProperty(EnclaveCodedError, 'name', { value: code })
  Object.defineProperty(EnclaveCodedError, 'code', { value: code })
  Object.defineProperty(EnclaveCodedError, 'statusCode', { value: statusCode })
  return EnclaveCodedError as unknown as EnclaveErrorClass
}
