import enclave, { type EnclaveInstance, type EnclaveOptions } from '@enclave/core'
import fastify from '@enclave/fastify4'

/** One of the two entries every adapter must behave identically on, each with its own 400 payload. */
export interface Entry {
  name: string
  create: (options?: EnclaveOptions) => EnclaveInstance
  /** A validation message as this entry words it, from enclave()'s wording. */
  say: (message: string) => string
  /** The exact 400 body this entry sends for a failed validation. */
  badRequestBody: (message: string) => string
  /** What the error handler gets when a validator throws or rejects (server option `validatorFailure`). */
  validatorFailure: (part: string, thrown: Error) => { statusCode: number, message: string, cause: 'thrown' | 'none' }
}

/** Ajv 8's and Fastify 4's "must", where enclave()'s formatter says "should". */
export function mustWording (message: string): string {
  return message.replace(/\bshould\b/g, 'must')
}

export const entries: readonly Entry[] = [
  {
    name: 'enclave()',
    create: (options) => enclave(options),
    say: (message) => message,
    badRequestBody: (message) => JSON.stringify({ statusCode: 400, error: 'Bad Request', message }),
    // 'conceal': a generic 500, the thrown error kept as cause, never sent.
    validatorFailure: (part) => ({ statusCode: 500, message: `The ${part} validator failed to complete`, cause: 'thrown' })
  },
  {
    name: '@enclave/fastify4',
    create: fastify as unknown as (options?: EnclaveOptions) => EnclaveInstance,
    // validationPayload: 'fastify' keeps the wording Fastify 4 sends.
    say: mustWording,
    badRequestBody: (message) => JSON.stringify({ statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message }),
    // Fastify 4: a rejected validation is the validation error itself, 400 with its message.
    validatorFailure: (_part, thrown) => ({ statusCode: 400, message: thrown.message, cause: 'none' })
  }
]
