/**
 * Fastify 5's writing of a large body over HTTP/2: in 64 KiB chunks, each after the client has taken
 * the last (`drain`). Written at once, the whole body sits in the session's outbound queue; past
 * Node's `maxSessionMemory` the session then refuses every new stream (`NGHTTP2_ENHANCE_YOUR_CALM`),
 * even after the client cancelled the large one. Fastify 4.29 writes it at once; so do its face and
 * `enclave()`.
 */
import type { ServerResponse } from 'node:http'
import { kReplyRoute, kReplyTrailers } from '../symbols.js'
import { isHttp2Response } from '../util/http2-responses.js'
import { endWithTrailers, type TrailerPayload } from './trailers.js'
import type { Reply } from './reply-state.js'

const chunkSize = 64 * 1024

/** The body being written, kept on the response for its 'drain' listener. */
interface ChunkedBody {
  readonly reply: Reply
  readonly bytes: Uint8Array
  readonly payload: string | ArrayBufferView
  offset: number
}

const kChunkedBody = Symbol('enclave.chunkedBody')
type ChunkedResponse = ServerResponse & { [kChunkedBody]?: ChunkedBody | undefined }

/** Whether this body goes out in chunks: the v5 face, over HTTP/2, a body larger than one chunk. */
export function writesInChunks (reply: Reply, res: ServerResponse, payload: string | ArrayBufferView): boolean {
  if (reply[kReplyRoute].server.profile.api !== 5 || !isHttp2Response(res)) return false
  return (typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength) > chunkSize
}

/**
 * Writes the body (the head already written) chunk by chunk, then ends the response, or runs the
 * trailer functions, which end it. A response destroyed or ended meanwhile is left as it is.
 */
export function writeInChunks (reply: Reply, res: ServerResponse, payload: string | ArrayBufferView): void {
  const bytes = typeof payload === 'string'
    ? Buffer.from(payload)
    : new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength)
  const response = res as ChunkedResponse
  response[kChunkedBody] = { reply, bytes, payload, offset: 0 }
  response.on('drain', writeChunks)
  writeChunks.call(response)
}

function writeChunks (this: ChunkedResponse): void {
  const body = this[kChunkedBody]
  if (body === undefined) return
  const bytes = body.bytes
  while (body.offset < bytes.byteLength) {
    if (this.destroyed || this.writableEnded) {
      release(this)
      return
    }
    const end = Math.min(body.offset + chunkSize, bytes.byteLength)
    const more = this.write(bytes.subarray(body.offset, end))
    body.offset = end
    if (!more) return
  }
  release(this)
  if (body.reply[kReplyTrailers] === null) this.end()
  else endWithTrailers(body.reply, body.payload as TrailerPayload)
}

function release (res: ChunkedResponse): void {
  res.removeListener('drain', writeChunks)
  res[kChunkedBody] = undefined
}
