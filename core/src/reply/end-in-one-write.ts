/**
 * Ending an HTTP/1 response whose head and whole body are strings with a single write to its socket.
 *
 * Why: `res.end(body)` corks the socket, writes head and body as one string, then writes an empty
 * chunk that carries the 'finish' callback; uncorking hands the two chunks to the socket's writev,
 * where Node reads each chunk and parses each encoding name through V8's API (~7k instructions
 * per response, bench/notes.md). Written as `write(body)` between our own cork and uncork, head and
 * body leave as one plain write; `end()` then finds nothing pending and emits 'finish' on the next
 * tick, as the write's own callback would have. The bytes on the wire, the events and their order
 * are the same.
 */
import type * as Http from 'node:http'
import type { ServerResponse } from 'node:http'
import type { Writable } from 'node:stream'
import { nodeBuiltin } from '../util/node-builtin.js'

/** The fields of Node's response this path depends on (public or long-standing on OutgoingMessage). */
interface NodeResponse extends ServerResponse {
  _header: unknown
  _hasBody: boolean
  chunkedEncoding: boolean
  strictContentLength: boolean
}

// Node's own write and end, known once the first node:http response arrives here (a runtime that
// serves only through app.fetch() never loads node:http for it).
let nodeWrite: unknown = null
let nodeEnd: unknown = null

function learnNodeMethods (): void {
  const http = nodeBuiltin<typeof Http>('node:http', 'An HTTP server')
  nodeWrite = http.OutgoingMessage.prototype.write
  nodeEnd = http.OutgoingMessage.prototype.end
}

/**
 * `res.end(payload)` for a response whose head writeHead() has built, in one socket write where
 * that is provably the same: Node's own write and end (not light-my-request's, HTTP/2's, or ones an
 * app or agent replaced), a writable socket attached to this response and not corked by anyone
 * else, and a body Node writes as it is (not chunked, no strict length check, allowed by the
 * status). A body past the socket's high-water mark is the same either way: the write reports
 * backpressure, which nothing can see once end() has finished the response.
 */
export function endWithString (res: ServerResponse, payload: string): void {
  const node = res as NodeResponse
  // A head built by Node's writeHead: a node:http response (no other has one). Asked first: app.fetch()'s
  // response makes its connection stand-in when `socket` is read.
  if (typeof node._header !== 'string') {
    res.end(payload)
    return
  }
  const socket = res.socket as Writable | null
  if (socket === null) {
    res.end(payload)
    return
  }
  if (nodeWrite === null) learnNodeMethods()
  if (res.write !== nodeWrite || res.end !== nodeEnd || node._hasBody !== true || node.chunkedEncoding || node.strictContentLength ||
    socket.writableCorked !== 0 || !socket.writable) {
    res.end(payload)
    return
  }
  socket.cork()
  res.write(payload)
  socket.uncork()
  res.end()
}
