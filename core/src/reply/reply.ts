/** The reply prototype (Fastify's reply methods) and the per-context Reply classes built on it. */
import type { ServerResponse } from 'node:http'
import { statusTexts } from '../util/status-texts.js'
import { performance } from 'node:perf_hooks'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import {
  kReplyRoute, kFastifyRouteContext, kReplyHeaders, kReplySerializer, kReplyErrorPath, kReplyStartTime, kReplyHijacked,
  kReplyHookState, kReplyEndTime, kReplySending, kReplyTrailers, kReplySuspended, kReplySuspendedStep, kReplyStatusSet,
  kReplySendRun, kReplyInSendHook
} from '../symbols.js'
import { sendPayload } from './send.js'
import { serializationMethods } from './serialization-methods.js'
import { replyThen } from './reply-then.js'
import { setTrailer, trailerHeaderValue } from './trailers.js'
import { stopSignalWatch } from '../request/request-signal.js'
import { isValidMediaType, mediaTypeOf } from '../request/content-type.js'
import { derivePrototype, withForInOrder } from '../util/derive-prototype.js'
import { assignDataDecorations, type DataDecoration } from '../util/data-decorations.js'
import { getDecorator } from '../util/decorator-access.js'
import { fastifyContextOf } from '../request/fastify-context-view.js'
import type { Profile } from '../profile.js'
import type { RouteContext } from '../routing/route-context.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { EnclaveReply } from '../types/reply.js'
import type { RuntimeInstance } from '../instance/context-state.js'
import type { Reply, ReplyState } from './reply-state.js'
import { setReplyHeader } from './set-header.js'
import type { RuntimeRequest } from '../request/request.js'

export interface ReplyClass {
  new (raw: ServerResponse, request: RuntimeRequest, log: EnclaveLogger, route: RouteContext): Reply
  /** Where decorateReply puts its functions and accessors, for this context and its descendants. */
  prototype: Record<PropertyKey, unknown>
  /** The data decorations every reply of the context gets as own fields (see data-decorations.ts). */
  readonly dataDecorations: DataDecoration[]
}

/**
 * The public reply minus its per-reply fields, plus Fastify v4's `reply.context`: `tsc` fails
 * when the prototype and the public EnclaveReply drift apart.
 */
type ReplyPrototype = Omit<EnclaveReply, 'raw' | 'request' | 'log' | 'server'> & {
  /** The instance the route was declared on, as core holds it (the public type is EnclaveInstance). */
  readonly server: RuntimeInstance
  readonly context: RouteContext
}

const replyPrototype = {
  code (this: Reply, statusCode: number) {
    const code = Number(statusCode)
    // As Fastify 4.29: any number from 100 to 599 (NaN fails); Node drops a fraction when it writes the head.
    if (!(code >= 100 && code <= 599)) {
      throw new errorCodes.FST_ERR_BAD_STATUS_CODE(String(statusCode))
    }
    this.raw.statusCode = code
    this[kReplyStatusSet] = true
    return this
  },
  status (this: Reply, statusCode: number) {
    return this.code(statusCode)
  },
  get statusCode (): number {
    return this.raw.statusCode
  },
  set statusCode (value: number) {
    this.code(value)
  },
  header (this: Reply, name: string, value: unknown) {
    setReplyHeader(this[kReplyHeaders], name, value === undefined ? '' : value)
    return this
  },
  headers (this: Reply, headers: Record<string, unknown>) {
    for (const name of Object.keys(headers)) setReplyHeader(this[kReplyHeaders], name, headers[name])
    return this
  },
  getHeader (this: Reply, name: string): unknown {
    return this[kReplyHeaders][name.toLowerCase()] ?? this.raw.getHeader(name)
  },
  getHeaders (this: Reply): Record<string, unknown> {
    const result: Record<string, unknown> = Object.assign({}, this.raw.getHeaders())
    // A field cleared by the framework (a 204's content type) is not one the reply has.
    const own = this[kReplyHeaders]
    for (const name in own) if (own[name] !== undefined) result[name] = own[name]
    return result
  },
  hasHeader (this: Reply, name: string): boolean {
    const key = name.toLowerCase()
    return this[kReplyHeaders][key] !== undefined || this.raw.hasHeader(key)
  },
  removeHeader (this: Reply, name: string) {
    const key = name.toLowerCase()
    // Deleted, as Fastify does: a field set again afterwards goes out after the others, and the
    // name is no longer among getHeaders()'s. Only the replies that remove a field pay for it.
    if (key in this[kReplyHeaders]) delete this[kReplyHeaders][key]
    // A header set on the raw response goes too (Fastify 4.29 keeps it: its face does), unless the
    // head is out, when there is nothing left to remove (Node would throw ERR_HTTP_HEADERS_SENT).
    if (!this.raw.headersSent && this[kReplyRoute].server.profile.name !== 'fastify') this.raw.removeHeader(key)
    return this
  },
  trailer (this: Reply, key: string, fn: unknown) {
    setTrailer(this, key, fn)
    return this
  },
  hasTrailer (this: Reply, key: string): boolean {
    const trailers = this[kReplyTrailers]
    return trailers !== null && trailers[key.toLowerCase()] !== undefined
  },
  removeTrailer (this: Reply, key: string) {
    const trailers = this[kReplyTrailers]
    if (trailers !== null) trailers[key.toLowerCase()] = undefined
    return this
  },
  type (this: Reply, contentType: string) {
    this[kReplyHeaders]['content-type'] = contentType
    return this
  },
  serializer (this: Reply, fn: (payload: unknown) => string) {
    this[kReplySerializer] = fn
    return this
  },
  // Serializes as reply.send would; Fastify v4's schema-based serialization functions.
  serialize: serializationMethods.serialize,
  getSerializationFunction: serializationMethods.getSerializationFunction,
  compileSerializationSchema: serializationMethods.compileSerializationSchema,
  serializeInput: serializationMethods.serializeInput,
  send (this: Reply, payload?: unknown) {
    const errorPath = this[kReplyErrorPath]
    if (errorPath !== null && errorPath.runningOnError) throw new errorCodes.FST_ERR_SEND_INSIDE_ONERR()
    sendPayload(this, payload)
    return this
  },
  redirect (this: Reply, codeOrUrl: number | string, maybeUrl?: string | number) {
    let url = codeOrUrl
    let code = maybeUrl
    if (typeof codeOrUrl === 'number') {
      warnings.FSTDEP021()
      code = codeOrUrl
      url = maybeUrl as string
    }
    this.header('location', url).code(redirectStatus(this, code)).send()
    return this
  },
  callNotFound (this: Reply) {
    const errorPath = this[kReplyErrorPath]
    if (errorPath !== null && errorPath.runningOnError) {
      callNotFoundInOnError(this)
      return this
    }
    this[kReplyRoute].server.invokeNotFound(this.request, this)
    return this
  },
  hijack (this: Reply) {
    this[kReplyHijacked] = true
    stopSignalWatch(this.request.raw)
    return this
  },
  get sent (): boolean {
    const self = this
    return self[kReplyHijacked] || self.raw.writableEnded
  },
  set sent (value: boolean) {
    warnings.FSTDEP010()
    if (value !== true) throw new errorCodes.FST_ERR_REP_SENT_VALUE()
    this[kReplyHijacked] = true
  },
  get elapsedTime (): number {
    const self = this
    if (self[kReplyStartTime] === 0) return 0
    const end = self[kReplyEndTime] === 0 ? performance.now() : self[kReplyEndTime]
    return end - self[kReplyStartTime]
  },
  getResponseTime (this: Reply): number {
    warnings.FSTDEP020()
    return this.elapsedTime
  },
  get server (): RuntimeInstance {
    return this[kReplyRoute].instance
  },
  /** Fastify v4's `reply.context`, kept for plugins that read `context.config`. */
  get context (): RouteContext {
    warnings.FSTDEP019()
    return this[kReplyRoute]
  },
  then: replyThen
} satisfies Omit<ReplyPrototype, Fastify5Addition | EnclaveAddition> & ThisType<Reply>

/** Enclave's own reply members: on enclave() only, so a face's replies have their Fastify version's members. */
type EnclaveAddition = 'statusText'

const enclaveAdditions = {
  statusText (this: Reply): string | undefined {
    return statusTexts[this.raw.statusCode]
  }
} satisfies Pick<ReplyPrototype, EnclaveAddition> & ThisType<Reply>

/** Fastify 5's reply members that Fastify 4.29 lacks: on the v5 face and enclave(), not on the v4 face. */
type Fastify5Addition = 'writeEarlyHints' | 'getDecorator' | 'routeOptions' | 'mediaType'

const fastify5Additions = {
  /** An HTTP/1 `103 Early Hints` before the response (Node's `writeEarlyHints`, which sends nothing without a `link` hint). */
  writeEarlyHints (this: Reply, hints: Record<string, string | string[]>, callback?: () => void) {
    this.raw.writeEarlyHints(hints, callback)
    return this
  },
  getDecorator<T = unknown> (this: Reply, name: string | symbol): T {
    return getDecorator(this, 'reply', name) as T
  },
  get routeOptions () {
    return (this as unknown as Reply).request.routeOptions
  },
  /** The type/subtype of the reply's Content-Type so far, lower-cased (`undefined` without a valid one). */
  get mediaType (): string | undefined {
    const header = (this as unknown as Reply).getHeader('content-type')
    if (typeof header !== 'string') return undefined
    const type = mediaTypeOf(header)
    return isValidMediaType(type) ? type : undefined
  }
} satisfies Pick<ReplyPrototype, Fastify5Addition> & ThisType<Reply>

/** As Fastify: the code given (anything code() takes, `'303'` too); without one (or `0`) the status set, else 302. */
function redirectStatus (reply: Reply, code: unknown): number {
  if (code) return code as number
  return reply[kReplyStatusSet] ? reply.raw.statusCode : 302
}

/**
 * Where Fastify 5 changed a member: `redirect(url, code?)` only (a code first is taken as the URL,
 * and code() then refuses the URL), `sent` read-only (assigning it throws the engine's TypeError),
 * `removeTrailer` of the last trailer back to a reply without trailers.
 */
const fastify5Changes = {
  redirect (this: Reply, url: string, code?: number) {
    this.header('location', url).code(redirectStatus(this, code)).send()
    return this
  },
  get sent (): boolean {
    const self = this
    return self[kReplyHijacked] || self.raw.writableEnded
  },
  // Removing the last trailer before send() leaves a reply without trailers: a content length, no
  // empty `Trailer` header (Fastify 4.29 still answers chunked). Once sending, the mode is kept.
  removeTrailer (this: Reply, key: string) {
    const trailers = this[kReplyTrailers]
    if (trailers === null) return this
    trailers[key.toLowerCase()] = undefined
    if (this[kReplySending] === false && trailerHeaderValue(trailers) === '') this[kReplyTrailers] = null
    return this
  }
} satisfies Pick<ReplyPrototype, 'sent' | 'removeTrailer'> & { redirect (url: string, code?: number): Reply } & ThisType<Reply>

/** What Fastify 5 removed (deprecated in 4.29): absent from the v5 face's replies. */
const removedInFastify5 = ['getResponseTime', 'context']

// V8 names the object that holds an accessor by its constructor in a TypeError ("… of #<Reply>
// which has only a getter"): Reply, as Fastify's.
Object.defineProperty(replyPrototype, 'constructor', { value: function Reply () {}, writable: true, configurable: true })

// Fastify's route context under its own key (the faces' `lib/symbols`): the reply's route, as its request's.
Object.defineProperty(replyPrototype, kFastifyRouteContext, {
  get (this: Reply) { return fastifyContextOf(this[kReplyRoute]) },
  enumerable: false,
  configurable: true
})

/**
 * reply.callNotFound() from an onError hook: the not-found handler runs (its reply.code() stands),
 * and the failure its answer meets (send() is refused there) is thrown to the hook, as in Fastify,
 * rather than answering the request (see enterErrorPath).
 */
function callNotFoundInOnError (reply: Reply): void {
  const outer = reply[kReplyInSendHook]
  reply[kReplyInSendHook] = -1
  try {
    reply[kReplyRoute].server.invokeNotFound(reply.request, reply)
  } finally {
    reply[kReplyInSendHook] = outer
  }
}

// Module-local copies of the keys the constructor writes (once per request): V8 folds a module's
// own constants into optimised code, while an imported binding is loaded from its cell and checked
// at each use (bench/notes.md, "S5 hook runner (session 4)").
const routeKey: typeof kReplyRoute = kReplyRoute
const headersKey: typeof kReplyHeaders = kReplyHeaders
const serializerKey: typeof kReplySerializer = kReplySerializer
const sendingKey: typeof kReplySending = kReplySending
const hijackedKey: typeof kReplyHijacked = kReplyHijacked
const errorPathKey: typeof kReplyErrorPath = kReplyErrorPath
const hookStateKey: typeof kReplyHookState = kReplyHookState
const startTimeKey: typeof kReplyStartTime = kReplyStartTime
const endTimeKey: typeof kReplyEndTime = kReplyEndTime
const trailersKey: typeof kReplyTrailers = kReplyTrailers
const suspendedKey: typeof kReplySuspended = kReplySuspended
const suspendedStepKey: typeof kReplySuspendedStep = kReplySuspendedStep
const statusSetKey: typeof kReplyStatusSet = kReplyStatusSet
const sendRunKey: typeof kReplySendRun = kReplySendRun
const inSendHookKey: typeof kReplyInSendHook = kReplyInSendHook

/**
 * One reply class per context; decorateReply puts values on its prototype (see buildRequestClass).
 * A function constructor rather than a class: a context's class is one prototype link to its
 * parent's, and constructing it runs no parent constructor.
 */
/**
 * The prototype every context's reply class descends from: `require('fastify/lib/reply').prototype`
 * on the Fastify faces, where a method added reaches every reply, as on Fastify 4's Reply.prototype.
 */
export const baseReplyPrototype: object = withForInOrder(replyPrototype, [
  'sent', 'hijack', 'send', 'getHeader', 'getHeaders', 'hasHeader', 'removeHeader', 'header', 'headers',
  'trailer', 'hasTrailer', 'removeTrailer', 'code', 'status', 'getSerializationFunction',
  'compileSerializationSchema', 'serializeInput', 'serialize', 'serializer', 'type', 'redirect',
  'callNotFound', 'getResponseTime', 'then'
])

/** The members a `for…in` over a Fastify 5 reply lists, in its order (see withForInOrder). */
const fastify5ForIn = [
  'sent', 'writeEarlyHints', 'hijack', 'send', 'getHeader', 'getHeaders', 'hasHeader', 'removeHeader', 'header',
  'headers', 'trailer', 'hasTrailer', 'removeTrailer', 'code', 'status', 'getSerializationFunction',
  'compileSerializationSchema', 'serializeInput', 'serialize', 'serializer', 'type', 'redirect', 'callNotFound',
  'then', 'getDecorator'
]

// Chosen once per context class (never per request): each entry's replies have one flat prototype.
// enclave() lists Fastify 5's members, then those it keeps from Fastify 4 and its own.
const enclaveReplyPrototype = withForInOrder(derivePrototype(replyPrototype, [], fastify5Additions, enclaveAdditions), [...fastify5ForIn, 'getResponseTime', 'statusText'])
const fastify5ReplyPrototype = withForInOrder(derivePrototype(replyPrototype, removedInFastify5, fastify5Additions, fastify5Changes), fastify5ForIn)

/** The prototype every context's reply class descends from, for this entry (`baseReplyPrototype` on the v4 face). */
export function baseReplyPrototypeOf (profile: Profile): object {
  if (profile.api === 5) return fastify5ReplyPrototype
  return profile.name === 'enclave' ? enclaveReplyPrototype : baseReplyPrototype
}

export function buildReplyClass (parent: ReplyClass | null, profile: Profile): ReplyClass {
  const dataDecorations = parent === null ? [] : parent.dataDecorations.slice()
  function Reply (this: ReplyState, raw: ServerResponse, request: RuntimeRequest, log: EnclaveLogger, route: RouteContext): void {
    this.raw = raw
    this.request = request
    this.log = log
    this[routeKey] = route
    this[headersKey] = {}
    this[serializerKey] = null
    this[sendingKey] = false
    this[hijackedKey] = false
    this[errorPathKey] = null
    this[hookStateKey] = null
    // Fastify times only a response it watches (route.watchFinish); elapsedTime is 0 otherwise.
    this[startTimeKey] = route.watchFinish ? performance.now() : 0
    this[endTimeKey] = 0
    this[trailersKey] = null
    this[suspendedKey] = null
    this[suspendedStepKey] = null
    this[statusSetKey] = false
    this[sendRunKey] = 0
    this[inSendHookKey] = 0
    if (dataDecorations.length !== 0) assignDataDecorations(this as unknown as Record<PropertyKey, unknown>, dataDecorations)
  }
  Reply.dataDecorations = dataDecorations
  Reply.prototype = Object.create(parent === null ? baseReplyPrototypeOf(profile) : parent.prototype) as Record<PropertyKey, unknown>
  Object.defineProperty(Reply.prototype, 'constructor', { value: Reply, writable: true, configurable: true })
  // TypeScript cannot call a function constructible; `new route.Reply(...)` is how it is used.
  return Reply as typeof Reply & ReplyClass
}
