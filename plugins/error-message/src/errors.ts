import { createError } from '@enclave/core'

/** Thrown at registration: a programming error, never a request's (statusCode 500). */
export const ENC_ERR_ERROR_MESSAGE_INVALID_OPTION = createError(
  'ENC_ERR_ERROR_MESSAGE_INVALID_OPTION', '%s has to be %s', 500, TypeError)

/** Ajv could not be built with these options (ajv-errors rejects some, a plugin may throw). */
export const ENC_ERR_ERROR_MESSAGE_AJV_SETUP = createError(
  'ENC_ERR_ERROR_MESSAGE_AJV_SETUP', 'Ajv could not be set up for the errorMessage keyword: %s', 500)

/**
 * A $ref the context's compiler could not resolve. Most often the shared schema belongs to a context
 * that was created before the plugin was registered, whose own schemas the plugin cannot see.
 */
export const ENC_ERR_ERROR_MESSAGE_MISSING_REF = createError(
  'ENC_ERR_ERROR_MESSAGE_MISSING_REF',
  '%s. If that shared schema was added by a plugin registered before @enclave/error-message in the same context, register @enclave/error-message first: contexts created after it resolve their own shared schemas, earlier ones only see the schemas of the context that registered it',
  500)
