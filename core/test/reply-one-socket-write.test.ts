// A whole string body over HTTP/1 leaves in one write to the connection (head and body together,
// no second, empty chunk), and everything the client and the app can see stays Fastify's: the
// bytes, pipelined answers, a body past the connection's high-water mark, a declared HEAD route,
// a 304, a response the app corked, and end()/write() replaced on the response.
import t from 'tap'
import { Duplex } from 'node:stream'
import type { Test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A connection handed to the app's server: it records each write the server makes (one entry per
 * `_write` or `_writev` call, the chunks of that call) and resolves once `count` answers are in.
 */
class RecordingConnection extends Duplex {
  readonly writes: string[][] = []
  private wanted = 0
  private onAnswers: (() => void) | null = null

  override _read (): void {}

  override _write (chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writes.push([chunk.toString('latin1')])
    callback()
    this.check()
  }

  override _writev (chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    this.writes.push(chunks.map((entry) => entry.chunk.toString('latin1')))
    callback()
    this.check()
  }

  // What Node's server calls on a socket for its timeouts and keep-alive.
  setTimeout (): this { return this }
  setNoDelay (): this { return this }
  setKeepAlive (): this { return this }

  get received (): string {
    return this.writes.map((chunks) => chunks.join('')).join('')
  }

  answers (count: number): Promise<void> {
    this.wanted = count
    return new Promise((resolve) => {
      this.onAnswers = resolve
      this.check()
    })
  }

  private check (): void {
    if (this.onAnswers !== null && completeAnswers(this.received) >= this.wanted) {
      const resolve = this.onAnswers
      this.onAnswers = null
      resolve()
    }
  }
}

/** How many whole answers (head, then content-length bytes of body; none for HEAD and 304 here) the text holds. */
function completeAnswers (text: string): number {
  let count = 0
  let at = 0
  for (;;) {
    const headEnd = text.indexOf('\r\n\r\n', at)
    if (headEnd === -1) return count
    const head = text.slice(at, headEnd)
    const length = /^HTTP\/1\.1 304|^x-no-body: 1$/mi.test(head) ? 0 : Number(/^content-length: (\d+)$/mi.exec(head)?.[1] ?? 0)
    if (text.length < headEnd + 4 + length) return count
    at = headEnd + 4 + length
    count++
  }
}

function withoutDates (text: string): string {
  return text.replace(/^Date: .*$/gm, 'Date: -')
}

interface Case {
  name: string
  route: (app: any, seen: unknown[]) => void
  requests: string
  count: number
}

const get = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'

async function answer (build: Factory, one: Case, t: Test): Promise<{ received: string, writes: string[][], seen: unknown[] }> {
  const app = build()
  t.teardown(() => app.close())
  const seen: unknown[] = []
  one.route(app, seen)
  await app.ready()
  const connection = new RecordingConnection()
  app.server.emit('connection', connection)
  connection.push(one.requests)
  await connection.answers(one.count)
  connection.destroy()
  return { received: withoutDates(connection.received), writes: connection.writes, seen }
}

const cases: Case[] = [
  {
    name: 'a JSON object',
    route: (app) => { app.get('/', async () => ({ hello: 'world', text: 'ünïcödé' })) },
    requests: get,
    count: 1
  },
  {
    name: 'two pipelined requests (the second answer waits for the first)',
    route: (app) => { app.get('/', (_request: any, reply: any) => { reply.send('plain text') }) },
    requests: get + get,
    count: 2
  },
  {
    name: 'a body past the connection\'s high-water mark',
    route: (app, seen) => {
      app.get('/', (_request: any, reply: any) => {
        reply.send('x'.repeat(reply.raw.socket.writableHighWaterMark - 50))
        seen.push(reply.raw.writableNeedDrain)
      })
    },
    requests: get,
    count: 1
  },
  {
    name: 'a declared HEAD route that sends a body',
    route: (app) => {
      app.head('/', (_request: any, reply: any) => { reply.header('x-no-body', '1').send('not sent') })
    },
    requests: 'HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n',
    count: 1
  },
  {
    name: 'a 304 with a body',
    route: (app) => { app.get('/', (_request: any, reply: any) => { reply.code(304).send('not sent') }) },
    requests: get,
    count: 1
  },
  {
    name: 'a response the app corked',
    route: (app) => {
      app.get('/', (_request: any, reply: any) => {
        reply.raw.cork()
        reply.send('corked')
      })
    },
    requests: get,
    count: 1
  },
  {
    // Fastify 4.29 writes the body with write() then calls end(), Fastify 5 hands it to end(): either
    // way the body goes through the app's replacements.
    name: 'end() and write() replaced on the response',
    route: (app, seen) => {
      app.get('/', (_request: any, reply: any) => {
        const res = reply.raw
        const end = res.end
        const write = res.write
        res.end = function (...args: unknown[]) { seen.push(...args.filter(isString)); return end.apply(this, args) }
        res.write = function (...args: unknown[]) { seen.push(...args.filter(isString)); return write.apply(this, args) }
        reply.send('watched')
      })
    },
    requests: get,
    count: 1
  }
]

function isString (value: unknown): value is string {
  return typeof value === 'string'
}

for (const group of [faces, fastify5Faces]) {
  const [baselineName, baseline] = group[0]!
  for (const one of cases) {
    t.test(`${one.name}: as ${baselineName}`, async (t) => {
      const expected = await answer(baseline, one, t)
      t.equal(completeAnswers(expected.received), one.count)
      for (const [name, build] of group.slice(1)) {
        const got = await answer(build, one, t)
        t.equal(got.received, expected.received, `${name}: the bytes`)
        t.same(got.seen, expected.seen, `${name}: what the app saw`)
      }
    })
  }
}

t.test('a whole string body leaves with its head in one write to the connection', async (t) => {
  for (const [name, build] of [...faces.slice(1), ...fastify5Faces.slice(1)]) {
    const got = await answer(build, cases[0]!, t)
    t.same(got.writes.map((chunks) => chunks.length), [1], `${name}: one write of one chunk`)
    t.match(got.writes[0]![0], /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"hello":"world","text":"/, name)
  }
})
