/**
 * Every internal symbol, grouped by owner: the one list of hidden state. Symbols (not #private
 * fields) because child contexts are `Object.create(parent)`, and reading a #field through such a
 * child throws.
 */

// instance (context)
export const kContext = Symbol('enclave.context')

// factory options: what a value Fastify's schema cannot coerce becomes
export const kNotCoercible = Symbol('enclave.option.notCoercible')

// register(): an options function, kept until its plugin loads
export const kOptionsFactory = Symbol('enclave.register.optionsFactory')
export const kResolvedOptions = Symbol('enclave.register.resolvedOptions')

// request
export const kRequestRoute = Symbol('enclave.request.route')

// reply
export const kReplyRoute = Symbol('enclave.reply.route')
export const kReplyHeaders = Symbol('enclave.reply.headers')
export const kReplySerializer = Symbol('enclave.reply.serializer')
export const kReplyErrorPath = Symbol('enclave.reply.errorPath')
export const kReplyStartTime = Symbol('enclave.reply.startTime')
export const kReplyHijacked = Symbol('enclave.reply.hijacked')
export const kReplyHookState = Symbol('enclave.reply.hookState')
export const kReplyEndTime = Symbol('enclave.reply.endTime')
// reply.trailer(): the trailers set, null until the first (the write path checks only this)
export const kReplyTrailers = Symbol('enclave.reply.trailers')
// set once reply.send() has begun (serializing, onSend or writing): a second send only warns
export const kReplySending = Symbol('enclave.reply.sending')
// a pipeline step's promise awaited by the request's driver, and the hook step it came from (null: the handler)
export const kReplySuspended = Symbol('enclave.reply.suspended')
export const kReplySuspendedStep = Symbol('enclave.reply.suspendedStep')
export const kReplyStatusSet = Symbol('enclave.reply.statusSet')
export const kReplySendRun = Symbol('enclave.reply.sendRun')
export const kReplyInSendHook = Symbol('enclave.reply.inSendHook')

// validation errors: sent as the spec's payload (no `code`) under validationPayload: 'spec'
export const kSpecValidationPayload = Symbol('enclave.validation.specPayload')

// HTTP servers: their tracked connections (graceful close) and HTTP/2 sessions
export const kTrackedConnections = Symbol('enclave.trackedConnections')
export const kHttp2Sessions = Symbol('enclave.http2Sessions')

// streams we read a body from
export const kBodyReader = Symbol('enclave.bodyReader')
// app.fetch()'s raw request: hands its Web body stream to the body reader, which reads it directly
export const kTakeWebBody = Symbol('enclave.takeWebBody')
// app.fetch()'s raw request: one header field as its Node-shaped record gives it, without making the record
export const kHeaderField = Symbol('enclave.headerField')
// the raw response, pointing back at its reply for 'finish' / 'close' listeners
export const kRawReply = Symbol('enclave.raw.reply')

// markers shared with the Fastify ecosystem (fastify-plugin sets the same)
export const kSkipOverride = Symbol.for('skip-override')
export const kDisplayName = Symbol.for('fastify.display-name')
export const kPluginMeta = Symbol.for('plugin-meta')
export const kRegisteredPlugins = Symbol.for('registered-plugin')

// Fastify's own key of a request's (and reply's) route context: `require('fastify/lib/symbols').kRouteContext`
// on the faces, where it reads the route's hook lists and config (request/fastify-context-view.ts)
export const kFastifyRouteContext = Symbol('fastify.context')
