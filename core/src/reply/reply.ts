import type { ServerResponse } from 'node:http'
import { STATUS_CODES } from 'node:http'
import { performance } from 'node:perf_hooks'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'
import {
  kReplyRoute, kReplyHeaders, kReplySerializer, kReplyIsError, kReplyErrorHandlerIndex, kReplyStartTime,
  kReplyHijacked, kReplyHookState, kReplyIsRunningOnError, kReplyEndTime
} from '../symbols.js'
import { sendPayload } from './send.js'
import { serializationMethods } from './serialization-methods.js'
import { replyThen } from './reply-then.js'
import type { RouteContext } from '../routing/route-context.js'
import type { EnclaveLogger } from '../logging/logger.js'

export interface ReplyClass {
  new (raw: ServerResponse, request: any, log: EnclaveLogger, route: RouteContext): any
  prototype: any
}

export const kReplySending = Symbol('enclave.reply.sending')

function setHeader (headers: Record<string, unknown>, name: string, value: unknown): void {
  const key = name.toLowerCase()
  if (key === 'set-cookie' && headers[key] !== undefined) {
    const existing = headers[key]
    headers[key] = ([] as unknown[]).concat(existing, value)
    return
  }
  headers[key] = value
}

const replyPrototype = {
  code (this: any, statusCode: number) {
    const code = Number(statusCode)
    if (!Number.isInteger(code) || code < 100 || code > 599) {
      throw new errorCodes.FST_ERR_BAD_STATUS_CODE(String(statusCode))
    }
    this.raw.statusCode = code
    return this
  },
  status (this: any, statusCode: number) {
    return this.code(statusCode)
  },
  get statusCode (): number {
    return (this as any).raw.statusCode
  },
  set statusCode (value: number) {
    (this as any).code(value)
  },
  header (this: any, name: string, value: unknown) {
    setHeader(this[kReplyHeaders], name, value === undefined ? '' : value)
    return this
  },
  headers (this: any, headers: Record<string, unknown>) {
    for (const name of Object.keys(headers)) setHeader(this[kReplyHeaders], name, headers[name])
    return this
  },
  getHeader (this: any, name: string) {
    return this[kReplyHeaders][name.toLowerCase()] ?? this.raw.getHeader(name)
  },
  getHeaders (this: any) {
    return { ...this.raw.getHeaders(), ...this[kReplyHeaders] }
  },
  hasHeader (this: any, name: string): boolean {
    const key = name.toLowerCase()
    return this[kReplyHeaders][key] !== undefined || this.raw.hasHeader(key)
  },
  removeHeader (this: any, name: string) {
    const key = name.toLowerCase()
    // Set to undefined rather than deleted: `delete` would change the object's shape on the hot path.
    if (this[kReplyHeaders][key] !== undefined) this[kReplyHeaders][key] = undefined
    this.raw.removeHeader(key)
    return this
  },
  type (this: any, contentType: string) {
    this[kReplyHeaders]['content-type'] = contentType
    return this
  },
  serializer (this: any, fn: (payload: unknown) => string) {
    this[kReplySerializer] = fn
    return this
  },
  // Serializes as reply.send would; Fastify v4's schema-based serialization functions.
  serialize: serializationMethods.serialize,
  getSerializationFunction: serializationMethods.getSerializationFunction,
  compileSerializationSchema: serializationMethods.compileSerializationSchema,
  serializeInput: serializationMethods.serializeInput,
  send (this: any, payload?: unknown) {
    if (this[kReplyIsRunningOnError] === true) throw new errorCodes.FST_ERR_SEND_INSIDE_ONERR()
    sendPayload(this, payload)
    return this
  },
  redirect (this: any, codeOrUrl: number | string, maybeUrl?: string | number) {
    let url = codeOrUrl as string
    let code = this.raw.statusCode === 200 ? 302 : this.raw.statusCode
    if (typeof codeOrUrl === 'number') {
      warnings.FSTDEP021()
      code = codeOrUrl
      url = maybeUrl as string
    } else if (typeof maybeUrl === 'number') {
      code = maybeUrl
    }
    this.header('location', url).code(code).send()
    return this
  },
  callNotFound (this: any) {
    const route: RouteContext = this[kReplyRoute]
    route.server.invokeNotFound(this.request, this)
    return this
  },
  hijack (this: any) {
    this[kReplyHijacked] = true
    return this
  },
  get sent (): boolean {
    const self = this as any
    return self[kReplyHijacked] === true || self.raw.writableEnded === true
  },
  set sent (value: boolean) {
    warnings.FSTDEP010()
    if (value !== true) throw new errorCodes.FST_ERR_REP_SENT_VALUE()
    ;(this as any)[kReplyHijacked] = true
  },
  get elapsedTime (): number {
    const self = this as any
    const end = self[kReplyEndTime] === 0 ? performance.now() : self[kReplyEndTime]
    return end - self[kReplyStartTime]
  },
  getResponseTime (this: any): number {
    warnings.FSTDEP020()
    return this.elapsedTime
  },
  get server () {
    return (this as any)[kReplyRoute].instance
  },
  /** Fastify v4's `reply.context`, kept for plugins that read `context.config`. */
  get context () {
    warnings.FSTDEP019()
    return (this as any)[kReplyRoute]
  },
  get routeOptions () {
    return (this as any)[kReplyRoute].publicOptions
  },
  then: replyThen,
  statusText (this: any): string | undefined {
    return STATUS_CODES[this.raw.statusCode]
  }
}

/** One reply class per context; decorateReply puts values on its prototype (see buildRequestClass). */
export function buildReplyClass (parent: ReplyClass | null): ReplyClass {
  function Reply (this: any, raw: ServerResponse, request: any, log: EnclaveLogger, route: RouteContext) {
    this.raw = raw
    this.request = request
    this.log = log
    this[kReplyRoute] = route
    this[kReplyHeaders] = {}
    this[kReplySerializer] = null
    this[kReplyIsError] = false
    this[kReplySending] = false
    this[kReplyHijacked] = false
    this[kReplyIsRunningOnError] = false
    this[kReplyErrorHandlerIndex] = 0
    this[kReplyHookState] = null
    this[kReplyStartTime] = performance.now()
    this[kReplyEndTime] = 0
  }
  Reply.prototype = Object.create(parent === null ? replyPrototype : parent.prototype)
  Object.defineProperty(Reply.prototype, 'constructor', { value: Reply, writable: true, configurable: true })
  return Reply as unknown as ReplyClass
}
