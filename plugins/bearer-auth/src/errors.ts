import { createError } from '@enclave/core'

/*
 * Codes are @fastify/bearer-auth's where the condition is the same, so `err.code` checks written for
 * it keep working; `ENC_ERR_BEARER_AUTH_*` where Enclave checks something the peer does not.
 * Option errors are thrown at registration (statusCode 500: a programming error, never a request's).
 */

export const FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE = createError(
  'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE', 'options.keys has to be an Array or a Set', 500, TypeError)
export const FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE = createError(
  'FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE', 'options.keys has to contain only string entries', 500, TypeError)
export const FST_BEARER_AUTH_INVALID_SPEC = createError(
  'FST_BEARER_AUTH_INVALID_SPEC', "options.specCompliance has to be set to 'rfc6750' or 'rfc6749'", 500, TypeError)
export const FST_BEARER_AUTH_INVALID_HOOK = createError(
  'FST_BEARER_AUTH_INVALID_HOOK', "options.addHook has to be a boolean or one of 'onRequest', 'preParsing', 'preValidation', 'preHandler'", 500, TypeError)
export const FST_BEARER_AUTH_INVALID_LOG_LEVEL = createError(
  'FST_BEARER_AUTH_INVALID_LOG_LEVEL', "fastify.log does not have level '%s'", 500, TypeError)
// The message names the key by position only: keys are secrets and error messages end up in logs.
export const ENC_ERR_BEARER_AUTH_UNUSABLE_KEY = createError(
  'ENC_ERR_BEARER_AUTH_UNUSABLE_KEY', 'options.keys entry #%s can never match a request: %s', 500, TypeError)
export const ENC_ERR_BEARER_AUTH_INVALID_OPTION = createError(
  'ENC_ERR_BEARER_AUTH_INVALID_OPTION', '%s has to be %s', 500, TypeError)

/* What a request is answered with (or what `done(err)` receives when `addHook: false`). */

export const FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER = createError(
  'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER', 'missing authorization header', 401)
export const FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER = createError(
  'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER', 'invalid authorization header', 401)
// The peer answers a failing auth() with its thrown message; this fixed one is all a client sees.
export const ENC_ERR_BEARER_AUTH_INTERNAL = createError(
  'ENC_ERR_BEARER_AUTH_INTERNAL', 'internal server error', 500)
