/**
 * Answering a request whose body was never read (a 401 from an onRequest hook, a 404, a GET route
 * that ignores its body): the connection is closed after the response instead of being kept by
 * reading the rest of a large upload to its end.
 */
import type * as Http from 'node:http'
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { nodeBuiltin } from '../util/node-builtin.js'
import { kRawReply } from '../symbols.js'

/**
 * An unread rest up to this size is read and dropped by Node after the response, which keeps the
 * connection reusable: cheaper for the client than a new connection. Above it, or when the body is
 * chunked (its size unknown), the connection is closed.
 */
export const unreadBodyDrainLimit = 64 * 1024

/**
 * How long a connection closed over an unread body waits, its response sent and its writing side
 * shut (FIN), before it is dropped. It reads nothing meanwhile. Dropping it at once, with the
 * client's upload still arriving, makes the kernel send a reset (RST) that can reach the client
 * before it has read the response, and discards whatever of the response is not yet sent.
 */
const lingerMs = 1000

// The connection of a response that closes it over an unread body, kept for after the response
// (Node detaches the socket from the response before 'finish' listeners run).
const kLingeringSocket = Symbol('enclave.lingeringSocket')

interface ClosingResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  [kLingeringSocket]?: Socket
}

/** Whether the part of the body not yet received may be large: declared over the limit, or chunked. */
function mayHaveLargeUnreadBody (req: IncomingMessage): boolean {
  const headers = req.headers
  if (headers['transfer-encoding'] !== undefined) return true
  const length = headers['content-length']
  return length !== undefined && Number(length) > unreadBodyDrainLimit
}

let responseClass: typeof ServerResponse | null = null

/**
 * Node's response for HTTP/1 servers, checking one thing when its head is written (every head goes
 * through writeHead, the implicit one too): a request whose body has not been fully received and may
 * be large gets `Connection: close`. Requests without a body cost one property read.
 * Named as Node's class, so `reply.raw.constructor.name` reads the same. Made when the first server
 * is, as it extends node:http's class.
 */
export function unreadBodyAwareResponse (): typeof ServerResponse {
  if (responseClass !== null) return responseClass
  const http = nodeBuiltin<typeof Http>('node:http', 'An HTTP server')
  responseClass = class ServerResponse<Request extends IncomingMessage = IncomingMessage> extends http.ServerResponse<Request> {
    // The field a request's response listeners find its reply by (response-events.ts), present from
    // the start: set at dispatch, it would add a property to every response there, a store V8 can
    // only handle through its generic (megamorphic) path.
    [kRawReply]: unknown = undefined

    override writeHead (statusCode: number, reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
      const req = this.req
      if (!req.complete && !this.headersSent && mayHaveLargeUnreadBody(req)) closeOverUnreadBody(this, req)
      return super.writeHead(statusCode, reason as string, headers)
    }
  }
  return responseClass
}

function closeOverUnreadBody (res: ClosingResponse<IncomingMessage>, req: IncomingMessage): void {
  // Node then writes `Connection: close` and ends the connection after the response.
  res.shouldKeepAlive = false
  // A Connection header the app set would win over shouldKeepAlive.
  if (res.hasHeader('connection')) res.setHeader('connection', 'close')
  // The request's socket: a response queued behind a pipelined one has none of its own yet.
  res[kLingeringSocket] = req.socket
  res.on('finish', lingerAfterResponse)
}

/**
 * Runs after Node's own 'finish' listener, which has shut the writing side (FIN after the response)
 * and set the socket to be destroyed once that is flushed, with the request switched to reading and
 * dropping the rest of the body. Instead: stop reading, and drop the connection after a grace long
 * enough for the client to read the response (a client that stops sending and closes is simply
 * not waited for).
 */
function lingerAfterResponse (this: ClosingResponse): void {
  const socket = this[kLingeringSocket]!
  if (socket.destroyed) return
  socket.removeListener('finish', socket.destroy)
  // After the ticks in which Node resumes the socket for the dropped request body.
  setImmediate(stopReading, socket)
  // Not unref'd: a server closing meanwhile waits for this connection, at most this long.
  setTimeout(dropConnection, lingerMs, socket)
}

function stopReading (socket: Socket): void {
  if (!socket.destroyed) socket.pause()
}

function dropConnection (socket: Socket): void {
  socket.destroy()
}
