// Broken HTTP on a raw socket: every answer is a complete, parseable response, and slow clients are
// cut by the timeouts.
import t from 'tap'
import type { Test } from 'tap'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'

interface Exchange {
  /** Everything the server wrote before closing (or before `waitMs` ran out). */
  text: string
  closed: boolean
  ms: number
}

/** Writes `chunks` (the first at once, the rest every `everyMs`), then waits for the server to close. */
function exchange (port: number, chunks: Array<string | Buffer>, { everyMs = 0, end = false, waitMs = 3000 } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    let index = 0
    let timer: NodeJS.Timeout | undefined
    const finish = (closed: boolean): void => {
      clearTimeout(timer)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ text, closed, ms: Date.now() - started })
    }
    const giveUp = setTimeout(() => finish(false), waitMs)
    const writeNext = (): void => {
      if (socket.destroyed) return
      if (index < chunks.length) {
        socket.write(chunks[index++]!)
        timer = setTimeout(writeNext, everyMs)
      } else if (end) {
        socket.end()
      }
    }
    socket.on('connect', writeNext)
    socket.on('data', (chunk) => { text += chunk.toString('latin1') })
    socket.on('error', () => {})
    socket.on('close', () => finish(true))
  })
}

interface WireResponse { status: number, headers: Record<string, string>, body: string }

/** Splits what the server wrote into responses; fails the test on anything that is not well formed. */
function parseResponses (t: Test, text: string): WireResponse[] {
  const responses: WireResponse[] = []
  let rest = text
  while (rest.length > 0) {
    const head = rest.indexOf('\r\n\r\n')
    if (head === -1) {
      t.fail(`incomplete response head: ${JSON.stringify(rest.slice(0, 80))}`)
      break
    }
    const [statusLine, ...lines] = rest.slice(0, head).split('\r\n')
    const match = /^HTTP\/1\.1 (\d{3}) [^\r\n]+$/.exec(statusLine!)
    if (match === null) {
      t.fail(`malformed status line: ${JSON.stringify(statusLine)}`)
      break
    }
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
    }
    const length = Number(headers['content-length'])
    if (!Number.isInteger(length) || rest.length < head + 4 + length) {
      t.fail(`response without a complete Content-Length body: ${JSON.stringify(rest.slice(0, 200))}`)
      break
    }
    responses.push({ status: Number(match[1]), headers, body: rest.slice(head + 4, head + 4 + length) })
    rest = rest.slice(head + 4 + length)
  }
  return responses
}

async function startApp (t: Test, options: Record<string, unknown> = {}): Promise<{ port: number, app: any }> {
  const app = enclave(options)
  app.get('/', async () => ({ hello: 'world' }))
  app.post('/', async (request) => ({ body: request.body as unknown }))
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { port: (app.server.address() as AddressInfo).port, app }
}

t.test('malformed request lines and headers get a complete 400 and the connection closes', async (t) => {
  const { port } = await startApp(t)
  const requests: Array<[string, string | Buffer]> = [
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['unknown HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['lowercase method', 'get / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['space in the target', 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['NUL in the target', 'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['header without colon', 'GET / HTTP/1.1\r\nHost x\r\n\r\n'],
    ['space before colon', 'GET / HTTP/1.1\r\nHost : x\r\n\r\n'],
    ['CR inside a header value', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n'],
    ['bare LF line ends', 'GET / HTTP/1.1\nHost: x\n\n'],
    ['binary junk', Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a])],
    ['Content-Length and Transfer-Encoding', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['two different Content-Lengths', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
    ['non-numeric Content-Length', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}'],
    ['negative Content-Length', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}'],
    ['bad chunk size', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'],
    ['unknown transfer coding', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n{}']
  ]
  for (const [name, request] of requests) {
    const result = await exchange(port, [request])
    t.ok(result.closed, `${name}: the server closes the connection`)
    const responses = parseResponses(t, result.text)
    t.equal(responses.length, 1, `${name}: exactly one response`)
    t.equal(responses[0]?.status, 400, name)
    // Fastify's answer, byte for byte; the connection is then destroyed (checked above).
    t.equal(responses[0]?.body, '{"error":"Bad Request","message":"Client Error","statusCode":400}', name)
  }
  const alive = await exchange(port, ['GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'])
  t.same(parseResponses(t, alive.text).map((response) => response.status), [200], 'the server still serves')
})

t.test('oversized request headers get a complete 431', async (t) => {
  const { port } = await startApp(t)
  const cases: Array<[string, string]> = [
    ['one huge header', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`],
    ['many headers', `GET / HTTP/1.1\r\nHost: x\r\n${'X-H: 0123456789\r\n'.repeat(2000)}\r\n`],
    ['huge URL', `GET /${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`]
  ]
  for (const [name, request] of cases) {
    const result = await exchange(port, [request])
    const responses = parseResponses(t, result.text)
    t.equal(responses[0]?.status, 431, name)
    t.match(JSON.parse(responses[0]?.body ?? '{}'), { statusCode: 431, error: 'Request Header Fields Too Large' }, name)
    t.ok(result.closed, `${name}: connection closed`)
  }
})

t.test('Content-Length lies over a real socket', async (t) => {
  const { port } = await startApp(t, { requestTimeout: 400 })

  // Longer than declared: the extra bytes are read as a next request, which is garbage. The stream
  // can no longer be trusted (request smuggling), so one complete 400 and the connection closes.
  const longer = await exchange(port, ['POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":1}'])
  t.ok(longer.closed)
  const longerAnswers = parseResponses(t, longer.text)
  t.same(longerAnswers.map((response) => response.status), [400])

  // Shorter than declared and the client waits: the request timeout ends it with a 408.
  const shorter = await exchange(port, ['POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"a":1}'], { waitMs: 5000 })
  t.ok(shorter.closed, 'the connection is closed')
  t.same(parseResponses(t, shorter.text).map((response) => response.status), [408])
  // bounded by the client's 5 s wait, generous for a loaded machine: a missing timeout leaves it open
  t.ok(shorter.ms < 4500, `cut after ${shorter.ms} ms`)

  // Shorter than declared and the client hangs up: nothing to answer, the server lives on.
  const hangup = await exchange(port, ['POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"a":1}'], { end: true })
  t.ok(hangup.closed)
  const alive = await exchange(port, ['GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'])
  t.same(parseResponses(t, alive.text).map((response) => response.status), [200])
})

t.test('defaults: Fastify v4 timeouts, plus Node\'s own 60 s headers timeout', async (t) => {
  const { app } = await startApp(t)
  t.equal(app.server.requestTimeout, 0)
  t.equal(app.server.timeout, 0, 'connectionTimeout 0: no idle socket timeout')
  t.equal(app.server.keepAliveTimeout, 72_000)
  t.equal(app.server.headersTimeout, 60_000, 'a client must finish its headers within 60 s')
})

t.test('slow-loris: requestTimeout cuts trickled headers and trickled bodies with a 408', async (t) => {
  const { port } = await startApp(t, { requestTimeout: 500 })
  const [headers, body] = await Promise.all([
    exchange(port, ['GET / HTTP/1.1\r\nHost: x\r\n', ...Array.from({ length: 100 }, () => 'X-Slow: 1\r\n')], { everyMs: 100, waitMs: 8000 }),
    exchange(port, ['POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[', ...Array.from({ length: 99 }, () => ' ')], { everyMs: 100, waitMs: 8000 })
  ])
  for (const [name, result] of [['headers', headers], ['body', body]] as const) {
    t.ok(result.closed, `${name}: connection closed by the server`)
    // the trickle would last 10 s: a cut well before it is the timeout's, however loaded the machine
    t.ok(result.ms >= 450 && result.ms < 7000, `${name}: cut after ${result.ms} ms (timeout 500 ms)`)
    t.same(parseResponses(t, result.text).map((response) => response.status), [408], name)
  }
})

t.test('connectionTimeout cuts a connection that sends nothing', async (t) => {
  const { port } = await startApp(t, { connectionTimeout: 300 })
  const idle = await exchange(port, [], { waitMs: 5000 })
  t.ok(idle.closed)
  t.ok(idle.ms >= 250 && idle.ms < 4500, `cut after ${idle.ms} ms (the client waits 5 s)`)
  t.equal(idle.text, '', 'nothing to answer: no request was started')
})

t.test('requestTimeout does not cut a slow handler that started in time', async (t) => {
  const app = enclave({ requestTimeout: 300 })
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    return { done: true }
  })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const result = await exchange(port, ['GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'])
  t.same(parseResponses(t, result.text).map((response) => response.status), [200])
})
