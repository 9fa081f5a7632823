// How the held-out audit records an answer, whoever gives it: status, the headers that are not the
// connection's (the runtime's server frames those) and the body as text.
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'

const utf8 = new TextDecoder('utf-8', { fatal: true })
/** Larger bodies are recorded by length and digest, so a report stays readable. */
const largeBody = 4096

/** A body as the report keeps it: its text, base64 when it is not UTF-8, a digest when it is large. */
export function bodyOf (bytes) {
  if (bytes.byteLength > largeBody) return `${bytes.byteLength} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}`
  try {
    return utf8.decode(bytes)
  } catch {
    return `base64:${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
  }
}

export function shape (status, headers, body) {
  const h = {}
  for (const [k, v] of Object.entries(headers)) if (k !== 'date' && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') h[k] = v
  return { status, headers: h, body }
}

/** A request's body: `chunks` are sent as a stream of unknown length (chunked on the wire), `body` whole. */
function webBodyOf (r) {
  if (r.chunks === undefined) return r.body
  const encoder = new TextEncoder()
  const chunks = r.chunks.slice()
  return new ReadableStream({
    pull (controller) {
      const chunk = chunks.shift()
      if (chunk === undefined) controller.close()
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk))
    }
  })
}

/** Sends each request in order with `send` (a `fetch`, or an app's `fetch`) and records the answers. */
export async function viaFetch (send, base, requests) {
  const out = []
  for (const r of requests) {
    try {
      const body = webBodyOf(r)
      const init = { method: r.method ?? 'GET', headers: r.headers, body, redirect: 'manual' }
      if (body instanceof ReadableStream) init.duplex = 'half'
      const response = await send(new Request(base + r.path, init))
      const headers = {}
      for (const [k, v] of response.headers) headers[k] = k === 'set-cookie' ? response.headers.getSetCookie() : v
      out.push(shape(response.status, headers, bodyOf(new Uint8Array(await response.arrayBuffer()))))
    } catch (error) { out.push({ error: String(error.stack ?? error) }) }
  }
  return out
}

/** The same requests through `app.inject()`, the answers every other way is compared with. */
export async function viaInject (app, requests) {
  const out = []
  for (const r of requests) {
    // A body of unknown length comes over the wire chunked: inject() is told so, as a socket would say it.
    const payload = r.chunks === undefined ? (r.body instanceof Uint8Array ? Buffer.from(r.body) : r.body) : Readable.from(r.chunks.map((chunk) => Buffer.from(chunk)), { objectMode: false })
    const headers = r.chunks === undefined ? r.headers : { ...r.headers, 'transfer-encoding': 'chunked' }
    let res
    try {
      res = await app.inject({ method: r.method ?? 'GET', url: r.path, headers, payload })
    } catch (error) {
      out.push({ error: String(error.stack ?? error) })
      continue
    }
    const answered = {}
    for (const [name, value] of Object.entries(res.headers)) {
      // As every HTTP client reads repeated fields: set-cookie as a list, any other joined.
      if (name === 'set-cookie') answered[name] = Array.isArray(value) ? value : [value]
      else answered[name] = Array.isArray(value) ? value.join(', ') : String(value)
    }
    out.push(shape(res.statusCode, answered, bodyOf(res.rawPayload)))
  }
  return out
}
