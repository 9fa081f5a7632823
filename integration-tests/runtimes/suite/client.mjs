// Sends every case to a base URL with the runtime's own fetch and records what came back: status,
// headers (lower-case names) and body text. Runs the same under Node, Bun and Deno.
import { cases } from './cases.mjs'

/** One case over HTTP (`send` defaults to the global fetch; the Node fetch mode passes app.fetch). */
async function ask (base, testCase, send) {
  const { method = 'GET', path, headers = {}, body, leaveAfterFirstChunk = false } = testCase.request
  // A body given as a function is a fresh stream per request (a stream can be sent once).
  const init = typeof body === 'function' ? { method, headers, body: body(), duplex: 'half' } : { method, headers, body }
  const leave = new AbortController()
  if (leaveAfterFirstChunk) init.signal = leave.signal
  const response = await send(new Request(base + path, init))
  const seen = {}
  for (const [name, value] of response.headers) seen[name] = value
  if (leaveAfterFirstChunk) {
    // The client goes away mid-reply: what it read is the first chunk.
    const reader = response.body.getReader()
    const { value } = await reader.read()
    leave.abort()
    await reader.cancel().catch(() => {})
    return { status: response.status, headers: seen, body: new TextDecoder().decode(value) }
  }
  return { status: response.status, headers: seen, body: await response.text() }
}

/** Every case in order, one at a time; a case that throws is recorded with its error. */
export async function runCases (base, send = fetch) {
  const results = {}
  for (const testCase of cases) {
    try {
      results[testCase.name] = await ask(base, testCase, send)
    } catch (error) {
      results[testCase.name] = { error: String(error && error.stack ? error.stack : error) }
    }
  }
  return results
}

/** Every case against a fresh suite app served by `listen()` (the runtime's node:http), closed after. */
export async function runThroughListen (buildApp) {
  const app = buildApp()
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    return await runCases(address)
  } finally {
    await app.close()
  }
}
