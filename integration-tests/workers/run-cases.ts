import type { Test } from 'tap'
import type { RuntimeCase } from './cases.js'

/**
 * Sends one case with `send` (`fetch` to a runtime's server, or an `app.fetch`) and checks what comes
 * back. `send` is an HTTP client when `decodes` is true: it undoes the body's `Content-Encoding` once,
 * as browsers do; an `app.fetch` answer is decoded here the same way.
 */
export async function runCase (t: Test, send: (request: Request) => Promise<Response>, base: string, c: RuntimeCase, decodes: boolean): Promise<void> {
  const body = c.bodyChunks === undefined ? c.body : streamOf(c.bodyChunks)
  const response = await send(new Request(base + c.path, { method: c.method ?? 'GET', headers: c.headers, body, duplex: 'half' } as RequestInit))
  const text = c.encoded === true && !decodes ? await gunzipped(response) : await response.text()
  t.equal(response.status, c.status, `${c.name}: status`)
  for (const [name, expected] of Object.entries(c.responseHeaders ?? {})) {
    if (expected === null) t.equal(response.headers.get(name), null, `${c.name}: no ${name}`)
    else t.match(response.headers.get(name), expected, `${c.name}: ${name}`)
  }
  if (c.json !== undefined) t.match(JSON.parse(text), c.json, `${c.name}: body`)
  if (typeof c.text === 'string') t.equal(text, c.text, `${c.name}: body text`)
  else if (c.text !== undefined) t.match(text, c.text, `${c.name}: body text`)
}

/** A request body of unknown length: one chunk per string. */
function streamOf (chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let next = 0
  return new ReadableStream({
    pull (controller) {
      if (next === chunks.length) controller.close()
      else controller.enqueue(encoder.encode(chunks[next++]))
    }
  })
}

async function gunzipped (response: Response): Promise<string> {
  return await new Response(response.body!.pipeThrough(new DecompressionStream('gzip'))).text()
}
