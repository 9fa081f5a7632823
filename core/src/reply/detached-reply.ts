import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { errorCodes } from '../errors/codes.js'
import { replyThen } from './reply-then.js'
import { setReplyHeader } from './set-header.js'

/**
 * What a Fastify face's `require('fastify/lib/reply')` is: Fastify's Reply constructor (the same in v4 and v5). Its `prototype` is the one every
 * route's reply descends from, so a method added to it reaches every reply, as in Fastify.
 * `new Reply(res, request, log)` builds a reply detached from any route: NestJS's adapter does, to
 * answer on a bare ServerResponse (an exception thrown by a Nest middleware), and calls status(),
 * header(), getHeader() and send() on it. That reply answers as Fastify's does there: JSON for
 * objects, text/plain for strings, octet-stream for buffers, streams piped, no hooks run (Nest's
 * request carries empty hook lists) and no schema serializer (there is no route).
 */

type HeaderValue = string | number | readonly string[]

interface DetachedReply {
  raw: ServerResponse
  request: unknown
  log: unknown
  headerValues: Record<string, HeaderValue>
}

interface PipeSource { pipe: (destination: ServerResponse) => unknown }

const jsonContentType = 'application/json; charset=utf-8'

function DetachedReplyState (this: DetachedReply, raw: ServerResponse, request: unknown, log: unknown): void {
  this.raw = raw
  this.request = request
  this.log = log
  this.headerValues = {}
}

function withUtf8Charset (contentType: string): string {
  if (!contentType.includes('json') || contentType.includes('charset')) return contentType
  const trimmed = contentType.trim()
  return trimmed.endsWith(';') ? trimmed + ' charset=utf-8' : trimmed + '; charset=utf-8'
}

function isPipeSource (payload: object): payload is PipeSource {
  return typeof (payload as Partial<PipeSource>).pipe === 'function'
}

function warnAlreadySent (reply: DetachedReply): void {
  const log = reply.log as { warn?: (message: string) => void } | null
  if (log !== null && typeof log === 'object' && typeof log.warn === 'function') log.warn('Reply was already sent')
}

function writeHead (reply: DetachedReply): void {
  const res = reply.raw
  const values = reply.headerValues
  for (const name of Object.keys(values)) res.setHeader(name, values[name] as string | number | readonly string[])
  res.writeHead(res.statusCode)
}

DetachedReplyState.prototype = {
  code (this: DetachedReply, statusCode: number): DetachedReply {
    const code = Number(statusCode)
    if (!(code >= 100 && code <= 599)) throw new errorCodes.FST_ERR_BAD_STATUS_CODE(String(statusCode))
    this.raw.statusCode = code
    return this
  },
  status (this: DetachedReply & { code: (statusCode: number) => DetachedReply }, statusCode: number): DetachedReply {
    return this.code(statusCode)
  },
  get statusCode (): number {
    return (this as unknown as DetachedReply).raw.statusCode
  },
  set statusCode (value: number) {
    (this as unknown as { code: (statusCode: number) => DetachedReply }).code(value)
  },
  get sent (): boolean {
    return (this as unknown as DetachedReply).raw.writableEnded
  },
  /** No route times a detached reply: its timer never starts. */
  get elapsedTime (): number {
    return 0
  },
  header (this: DetachedReply, name: string, value: HeaderValue = ''): DetachedReply {
    setReplyHeader(this.headerValues, name, value)
    return this
  },
  headers (this: DetachedReply & { header: (name: string, value: HeaderValue) => DetachedReply }, values: Record<string, HeaderValue>): DetachedReply {
    for (const name of Object.keys(values)) this.header(name, values[name] as HeaderValue)
    return this
  },
  getHeader (this: DetachedReply, name: string): unknown {
    const key = name.toLowerCase()
    const value = this.headerValues[key]
    if (value !== undefined) return value
    return this.raw.hasHeader(key) ? this.raw.getHeader(key) : undefined
  },
  getHeaders (this: DetachedReply): OutgoingHttpHeaders {
    return Object.assign({}, this.raw.getHeaders(), this.headerValues)
  },
  hasHeader (this: DetachedReply, name: string): boolean {
    const key = name.toLowerCase()
    return this.headerValues[key] !== undefined || this.raw.hasHeader(key)
  },
  removeHeader (this: DetachedReply, name: string): DetachedReply {
    const key = name.toLowerCase()
    // Reassigning to a fresh object rather than `delete`: keys stay in insertion order.
    const kept: Record<string, HeaderValue> = {}
    for (const existing of Object.keys(this.headerValues)) if (existing !== key) kept[existing] = this.headerValues[existing] as HeaderValue
    this.headerValues = kept
    return this
  },
  type (this: DetachedReply, contentType: string): DetachedReply {
    this.headerValues['content-type'] = contentType
    return this
  },
  send (this: DetachedReply, payload?: unknown): DetachedReply {
    const res = this.raw
    if (res.writableEnded) {
      warnAlreadySent(this)
      return this
    }
    const values = this.headerValues
    const contentType = values['content-type']
    if (payload === undefined) {
      values['content-length'] = '0'
      writeHead(this)
      res.end()
      return this
    }
    let body: string | Uint8Array
    if (typeof payload === 'string') {
      values['content-type'] = typeof contentType === 'string' ? withUtf8Charset(contentType) : 'text/plain; charset=utf-8'
      body = payload
    } else if (payload instanceof Uint8Array) {
      if (contentType === undefined) values['content-type'] = 'application/octet-stream'
      body = payload
    } else if (payload !== null && typeof payload === 'object' && isPipeSource(payload)) {
      if (contentType === undefined) values['content-type'] = 'application/octet-stream'
      writeHead(this)
      payload.pipe(res)
      return this
    } else {
      if (typeof contentType === 'string' && !contentType.includes('json')) {
        throw new errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE(typeof payload)
      }
      values['content-type'] = typeof contentType === 'string' ? withUtf8Charset(contentType) : jsonContentType
      body = JSON.stringify(payload)
    }
    values['content-length'] = String(Buffer.byteLength(body))
    writeHead(this)
    res.end(body)
    return this
  },
  // Settles once the response is written, or rejects with the error it was destroyed with, as a
  // route's reply does.
  then: replyThen
}
/** The face's `Reply`: `new Reply(res, request, log)` gives a detached reply; `Reply.prototype` is `replyPrototype`. */
export function createReplyConstructor (replyPrototype: object): (raw: ServerResponse, request: unknown, log: unknown) => object {
  // A constructor that returns its own object: `new Reply(...)` gives the detached reply.
  function Reply (raw: ServerResponse, request: unknown, log: unknown): DetachedReply {
    const reply = Object.create(detachedPrototype) as DetachedReply
    DetachedReplyState.call(reply, raw, request, log)
    return reply
  }
  // A detached reply's `constructor` is this face's Reply, as in Fastify.
  const detachedPrototype = Object.create(DetachedReplyState.prototype as object, { constructor: { value: Reply, writable: true, configurable: true } }) as object
  Reply.prototype = replyPrototype
  return Reply
}
