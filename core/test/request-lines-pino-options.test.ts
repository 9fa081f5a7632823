import t from 'tap'
import { tracingChannel } from 'node:diagnostics_channel'
import { pino } from 'pino'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

// "incoming request" and "request completed" are written without pino's line builder where the
// framework can reproduce its bytes. This file generates pino option combinations and, for each, a
// set of requests, and compares every line the app writes with the line pino's own path writes for
// the same app (forced by subscribing to pino's `tracing:pino_asJson` channel, which must see every
// line built). It also counts the lines pino's builder made while the channel was quiet, so the
// cases that must take the direct path prove they did: a comparison of pino with itself proves nothing.

const entries: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

// Every pino logger's line builder, counted. Replaced on the prototype all pino loggers share, so a
// logger still has pino's own builder (what the direct path checks for) and each call is seen.
const asJsonSym: symbol = pino.symbols.asJsonSym
const shared = Object.getPrototypeOf(Object.getPrototypeOf(pino({ enabled: false }))) as Record<symbol, (...args: unknown[]) => string>
const pinoAsJson = shared[asJsonSym]!
let built = 0
shared[asJsonSym] = function countedAsJson (this: unknown, ...args: unknown[]) {
  built++
  return pinoAsJson.apply(this, args)
}
t.teardown(() => { shared[asJsonSym] = pinoAsJson })

const asJsonTracing = tracingChannel('pino_asJson')
const quietSubscriber = { start () {}, end () {}, asyncStart () {}, asyncEnd () {}, error () {} }

interface Axis { name: string, values: Array<{ label: string, options: Record<string, unknown>, direct: boolean }> }

const fixedTime = (): string => ',"time":"fixed"'
const axes: Axis[] = [
  {
    name: 'timestamp',
    values: [
      { label: 'default', options: {}, direct: true },
      { label: 'false', options: { timestamp: false }, direct: true },
      { label: 'a function', options: { timestamp: fixedTime }, direct: true },
      { label: 'isoTime', options: { timestamp: pino.stdTimeFunctions.isoTime }, direct: true },
      { label: 'epochTime', options: { timestamp: pino.stdTimeFunctions.epochTime }, direct: true }
    ]
  },
  {
    name: 'messageKey',
    values: [
      { label: 'default', options: {}, direct: true },
      { label: '"message"', options: { messageKey: 'message' }, direct: true },
      { label: 'a key JSON must escape', options: { messageKey: 'm"k\\' }, direct: true }
    ]
  },
  {
    name: 'base',
    values: [
      { label: 'default', options: {}, direct: true },
      { label: 'null', options: { base: null }, direct: true },
      { label: 'bindings to escape, a name', options: { base: { service: 'a"b', 'k\u2028': 1 }, name: 'api\n' }, direct: true }
    ]
  },
  {
    name: 'formatters',
    values: [
      { label: 'none', options: {}, direct: true },
      { label: 'level', options: { formatters: { level: (label: string) => ({ severity: label.toUpperCase() }) } }, direct: true },
      { label: 'bindings', options: { formatters: { bindings: (bindings: Record<string, unknown>) => ({ node: bindings.pid }) } }, direct: true },
      { label: 'log', options: { formatters: { log: (object: Record<string, unknown>) => ({ ...object, logged: true }) } }, direct: false }
    ]
  },
  {
    name: 'levels',
    values: [
      { label: 'pino\'s', options: {}, direct: true },
      { label: 'custom levels beside pino\'s', options: { customLevels: { audit: 35 } }, direct: true },
      { label: 'a custom info', options: { customLevels: { info: 31, fatal: 60, error: 50, warn: 40, debug: 20, trace: 10 }, useOnlyCustomLevels: true, level: 'info' }, direct: true },
      { label: 'levelComparison DESC', options: { customLevels: { info: 30 }, levelComparison: 'DESC', level: 'info' }, direct: true }
    ]
  },
  {
    name: 'line ends and keys',
    values: [
      { label: 'default', options: {}, direct: true },
      { label: 'crlf', options: { crlf: true }, direct: true },
      { label: 'errorKey on a line member', options: { errorKey: 'responseTime' }, direct: true },
      { label: 'errorKey "req"', options: { errorKey: 'req' }, direct: true }
    ]
  },
  {
    name: 'what the lines go through',
    values: [
      { label: 'nothing', options: {}, direct: true },
      { label: 'mixin', options: { mixin: () => ({ trace: 'x"y' }) }, direct: false },
      { label: 'redaction', options: { redact: ['req.url', 'res.statusCode'] }, direct: false },
      { label: 'redaction censoring', options: { redact: { paths: ['req.remoteAddress'], censor: '**' } }, direct: false },
      { label: 'a logMethod hook', options: { hooks: { logMethod (this: any, args: unknown[], method: (...a: unknown[]) => void) { method.apply(this, args) } } }, direct: false },
      { label: 'a streamWrite hook', options: { hooks: { streamWrite: (line: string) => line.replace('request', 'REQUEST') } }, direct: false },
      { label: 'msgPrefix', options: { msgPrefix: '[api] ' }, direct: false },
      { label: 'nestedKey', options: { nestedKey: 'payload' }, direct: false },
      { label: 'the app\'s req serializer', options: { serializers: { req: (request: any) => ({ m: request.method, u: request.url }) } }, direct: false },
      { label: 'a responseTime serializer', options: { serializers: { responseTime: (time: number) => Math.round(time * 0) } }, direct: false },
      { label: 'an err serializer', options: { serializers: { err: (error: unknown) => ({ e: String(error) }) } }, direct: true },
      { label: 'depthLimit and edgeLimit', options: { depthLimit: 1, edgeLimit: 1 }, direct: true }
    ]
  },
  {
    name: 'request ids',
    values: [
      { label: 'generated', options: {}, direct: true },
      { label: 'from a header, escaped', options: { requestIdHeader: 'x-id' }, direct: true },
      { label: 'a label to escape', options: { requestIdLogLabel: 'trace"id' }, direct: true }
    ]
  }
]

interface Combination { label: string, logger: Record<string, unknown>, server: Record<string, unknown>, direct: boolean }

const serverOptionNames = new Set(['requestIdHeader', 'requestIdLogLabel'])

function combine (chosen: Array<{ label: string, options: Record<string, unknown>, direct: boolean }>, names: string[]): Combination {
  const logger: Record<string, unknown> = {}
  const server: Record<string, unknown> = {}
  let direct = true
  const labels: string[] = []
  for (let i = 0; i < chosen.length; i++) {
    const value = chosen[i]!
    for (const [key, option] of Object.entries(value.options)) {
      if (serverOptionNames.has(key)) server[key] = option
      else logger[key] = option
    }
    direct &&= value.direct
    if (value.label !== axes.find((axis) => axis.name === names[i])!.values[0]!.label) labels.push(`${names[i]}: ${value.label}`)
  }
  return { label: labels.length === 0 ? 'pino\'s defaults' : labels.join(', '), logger, server, direct }
}

// Each value of each axis once with the others at their first value, then mixed combinations from
// a fixed seed (the same every run).
function combinations (): Combination[] {
  const names = axes.map((axis) => axis.name)
  const result: Combination[] = [combine(axes.map((axis) => axis.values[0]!), names)]
  for (const [index, axis] of axes.entries()) {
    for (const value of axis.values.slice(1)) {
      result.push(combine(axes.map((other, at) => at === index ? value : other.values[0]!), names))
    }
  }
  let seed = 20261129
  const random = (bound: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % bound
  }
  for (let i = 0; i < 12; i++) {
    result.push(combine(axes.map((axis) => axis.values[random(axis.values.length)]!), names))
  }
  return result
}

// URLs, hosts, versions, addresses and statuses that JSON must escape, or that the serializers leave out.
const requests = [
  { url: '/plain?limit=5', headers: { host: 'api.example.test' } },
  { url: '/quote%22?a="b"&c=\\', headers: { host: 'h"o\\st:81', 'accept-version': 'v"1', 'x-id': 'id"\u0001' } },
  { url: '/caf\u00e9/\ud83d\ude00?x=\u2028', headers: { host: 'b\u00fccher.test', 'x-id': ['one', 'two'] }, remoteAddress: '::1' },
  { url: '/status/404', headers: { host: 'localhost' } },
  { url: '/status/503', headers: {} },
  { method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' }
]

async function linesOf (factory: Factory, combination: Combination, throughPino: boolean): Promise<{ lines: string[], built: number }> {
  const lines: string[] = []
  const stream = { write (chunk: string) { lines.push(chunk) } }
  const app = factory({ ...combination.server, logger: { level: 'info', ...combination.logger, stream } })
  app.all('/*', (request: any, reply: any) => {
    const status = /^\/status\/(\d+)$/.exec(request.url)
    if (status !== null) reply.code(Number(status[1]))
    return { ok: true }
  })
  await app.ready()
  if (throughPino) asJsonTracing.subscribe(quietSubscriber)
  const before = built
  try {
    for (const request of requests) await app.inject(request)
  } finally {
    if (throughPino) asJsonTracing.unsubscribe(quietSubscriber)
  }
  const after = built
  await app.close()
  return { lines: lines.filter((line) => /incoming request|request completed|REQUEST/.test(line)).map(normalized), built: after - before }
}

// What differs between two runs of one app: the clock, and the response time's digits.
function normalized (line: string): string {
  return line
    .replace(/"time":(\d+|"[^"]*")/, '"time":0')
    .replace(/"responseTime":[0-9.e+-]+/, '"responseTime":0')
}

for (const [entry, factory] of entries) {
  t.test(`${entry}: the request lines are pino's bytes for every generated logger setting`, async (t) => {
    for (const combination of combinations()) {
      const direct = await linesOf(factory, combination, false)
      const pinoLines = await linesOf(factory, combination, true)
      t.equal(pinoLines.lines.length, requests.length * 2, `${combination.label}: two lines per request`)
      t.same(direct.lines, pinoLines.lines, `${combination.label}: the same lines as pino's path`)
      if (combination.direct) t.equal(direct.built, 0, `${combination.label}: written without pino's line builder`)
      else t.equal(direct.built, pinoLines.built, `${combination.label}: every line through pino`)
    }
  })
}

// pino's default timestamp is `Date.now()` printed in full; the direct path prints it in two parts,
// so clock values whose last six digits need leading zeros, are zero, or fall outside its range are
// each checked, with the same millisecond twice in a row and after another.
t.test('the default timestamp is Date.now() to the digit, whatever its last digits', async (t) => {
  const clock = [1795946000123, 1795946000123, 1795946123456, 1795947000000, 1795947000005, 1795947100000, 1795946000123, 999999, 5, 1e15 + 7]
  const realNow = Date.now
  for (const [entry, factory] of entries) {
    const lines: string[] = []
    const app = factory({ logger: { level: 'info', stream: { write (chunk: string) { lines.push(chunk) } } } })
    app.get('/', () => 'ok')
    await app.ready()
    const times: string[] = []
    try {
      for (const now of clock) {
        Date.now = () => now
        lines.length = 0
        await app.inject('/')
        for (const line of lines) times.push(/"time":(\d+),/.exec(line)?.[1] ?? line)
      }
    } finally {
      Date.now = realNow
    }
    await app.close()
    t.same(times, clock.flatMap((now) => [String(now), String(now)]), `${entry}: both lines of each request`)
  }
})
