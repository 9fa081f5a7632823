// Sends every case to a base URL with the runtime's own fetch and records what came back: status,
// headers (lower-case names) and body text. Runs the same under Node, Bun and Deno.
import { nextUploadRead } from './app.mjs'
import { cases } from './cases.mjs'
import { buildApps } from './served-apps.mjs'

/** One case over HTTP (`send` defaults to the global fetch; the Node fetch mode passes app.fetch). */
async function ask (base, testCase, send) {
  const { method = 'GET', path, headers = {}, body, leaveAfterFirstChunk = false, leaveMidUpload = false } = testCase.request
  if (leaveMidUpload) return await leaveDuringUpload(base, method, path, headers, send)
  // A body given as a function is a fresh stream per request (a stream can be sent once).
  const init = typeof body === 'function' ? { method, headers, body: body(), duplex: 'half', redirect: 'manual' } : { method, headers, body, redirect: 'manual' }
  const leave = new AbortController()
  if (leaveAfterFirstChunk) init.signal = leave.signal
  const response = await send(new Request(base + path, init))
  const seen = {}
  // Set-Cookie fields come one by one: kept together, in order.
  for (const [name, value] of response.headers) seen[name] = name in seen ? `${seen[name]}, ${value}` : value
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

/**
 * Sends the start of a body that never ends and goes away once the app reads it: no answer can
 * come (`status` 0), and the app sees the client leave.
 */
async function leaveDuringUpload (base, method, path, headers, send) {
  const leave = new AbortController()
  const body = new ReadableStream({ start (controller) { controller.enqueue(new TextEncoder().encode('[1,')) } })
  const reading = nextUploadRead()
  const outcome = send(new Request(base + path, { method, headers, body, duplex: 'half', signal: leave.signal }))
    .then((response) => `answered ${response.status}`, () => 'left before an answer')
  const answeredFirst = await Promise.race([reading.then(() => false), outcome.then(() => true)])
  leave.abort()
  return { status: 0, headers: {}, body: answeredFirst ? `${await outcome} before its body was read` : await outcome }
}

/**
 * Every case in order, one at a time, each to the app it names (`targets[app]`: a base URL and
 * the function that sends to it); a case that throws is recorded with its error.
 */
export async function runCases (targets) {
  const results = {}
  for (const testCase of cases) {
    const { base, send = fetch } = targets[testCase.app ?? 'suite']
    try {
      results[testCase.name] = await ask(base, testCase, send)
    } catch (error) {
      results[testCase.name] = { error: String(error && error.stack ? error.stack : error) }
    }
  }
  return results
}

/**
 * Builds every app (served-apps.mjs), serves each with `serve(app)` (it gives `{ base, send?, stop }`),
 * runs every case, then stops the servers and closes the apps.
 */
export async function runServed (serve) {
  const apps = await buildApps()
  const targets = {}
  try {
    for (const [name, app] of Object.entries(apps)) targets[name] = await serve(app)
    return await runCases(targets)
  } finally {
    for (const target of Object.values(targets)) await target.stop()
    for (const app of Object.values(apps)) await app.close()
  }
}

/** Serves an app with `listen()` (the runtime's node:http). */
export async function listening (app) {
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  return { base, stop () {} }
}
