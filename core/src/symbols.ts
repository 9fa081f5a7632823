/**
 * Every internal symbol, grouped by owner: the one list of hidden state. Symbols (not #private
 * fields) because child contexts are `Object.create(parent)`, and reading a #field through such a
 * child throws.
 */

// instance (context)
export const kContext = Symbol('enclave.context')
export const kServer = Symbol('enclave.server')

// request
export const kRequestRoute = Symbol('enclave.request.route')
export const kRequestHeaders = Symbol('enclave.request.headers')

// reply
export const kReplyRoute = Symbol('enclave.reply.route')
export const kReplyHeaders = Symbol('enclave.reply.headers')
export const kReplySerializer = Symbol('enclave.reply.serializer')
export const kReplyErrorHandlerIndex = Symbol('enclave.reply.errorHandlerIndex')
export const kReplyStartTime = Symbol('enclave.reply.startTime')
export const kReplyHijacked = Symbol('enclave.reply.hijacked')
export const kReplyHookState = Symbol('enclave.reply.hookState')
export const kReplyIsRunningOnError = Symbol('enclave.reply.isRunningOnError')
export const kReplyEndTime = Symbol('enclave.reply.endTime')
export const kReplyHeaderFailure = Symbol('enclave.reply.headerFailure')
export const kReplyError = Symbol('enclave.reply.error')
// set once reply.send() has begun (serializing, onSend or writing): a second send only warns
export const kReplySending = Symbol('enclave.reply.sending')

// validation errors: sent as the spec's payload (no `code`) under validationPayload: 'spec'
export const kSpecValidationPayload = Symbol('enclave.validation.specPayload')

// streams we read a body from
export const kBodyReader = Symbol('enclave.bodyReader')
// the raw response, pointing back at its reply for 'finish' / 'close' listeners
export const kRawReply = Symbol('enclave.raw.reply')

// markers shared with the Fastify ecosystem (fastify-plugin sets the same)
export const kSkipOverride = Symbol.for('skip-override')
export const kDisplayName = Symbol.for('fastify.display-name')
export const kPluginMeta = Symbol.for('plugin-meta')
