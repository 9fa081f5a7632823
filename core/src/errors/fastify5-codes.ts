import { createError, type EnclaveErrorClass } from './create-error.js'
import { errorCodes } from './codes.js'
import type { Profile } from '../profile.js'

/**
 * The classes whose Fastify 5.12 message is not Fastify 4.29's, for the Fastify 5 face's
 * `errorCodes` and what it throws. Each extends the catalogue's class of the same code, so
 * `instanceof` holds against either `errorCodes`.
 */
export const fastify5ErrorCodes = Object.freeze({
  FST_ERR_CTP_INVALID_MEDIA_TYPE: createError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type', 415, errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE as unknown as ErrorConstructor),
  FST_ERR_DEC_REFERENCE_TYPE: createError('FST_ERR_DEC_REFERENCE_TYPE', "The decorator '%s' of type '%s' is a reference type. Use the { getter, setter } interface instead.", 500, errorCodes.FST_ERR_DEC_REFERENCE_TYPE as unknown as ErrorConstructor),
  // The second value is ` "hookName"` for a named hook function, else ''.
  FST_ERR_HOOK_TIMEOUT: createError('FST_ERR_HOOK_TIMEOUT', "A callback for '%s' hook%s timed out. You may have forgotten to call 'done' function or to resolve a Promise", 500, errorCodes.FST_ERR_HOOK_TIMEOUT as unknown as ErrorConstructor)
}) satisfies Readonly<Partial<Record<keyof typeof errorCodes, EnclaveErrorClass>>>

/** The 415 for a body no parser takes: Fastify 4.29 names the content type, Fastify 5.12 does not. */
export function unsupportedMediaType (profile: Profile, contentType: string): Error {
  return profile.api === 5
    ? new fastify5ErrorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE()
    : new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(contentType)
}
