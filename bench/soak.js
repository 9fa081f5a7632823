// Soak test (not part of `npm test`): 100 connections for 30 s against one Enclave server with a mix of
// valid, invalid and unauthorised requests. It fails (exit code 1) on any status outside the expected
// set, any socket error or timeout, or heap growth past the bound after a warm-up.
//
//   npm run build && node --expose-gc bench/soak.js [seconds] [connections]
//
// The server runs in this process so its heap can be measured; autocannon's own workers load it.
import autocannon from 'autocannon'
import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

const seconds = Number(process.argv[2] ?? 30)
const connections = Number(process.argv[3] ?? 100)
const warmupSeconds = 5
/** Retained heap may grow this much between after-warm-up and the end (both after a full GC). */
const heapBoundBytes = 16 * 1024 * 1024

function buildApp () {
  const app = enclave({ logger: false, bodyLimit: 16 * 1024, requestTimeout: 10_000 })
  app.get('/health', async () => ({ ok: true }))
  app.post('/items', {
    schema: {
      body: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: { name: { type: 'string', maxLength: 40 }, count: { type: 'integer', minimum: 0 } }
      },
      response: { 200: { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } } } }
    }
  }, async (request) => request.body)
  app.register(async function privateApi (api) {
    await api.register(bearerAuth, { keys: ['soak-key'] })
    api.get('/me', async (request) => ({ token: request.bearerToken }))
  }, { prefix: '/private' })
  return app
}

const json = { 'content-type': 'application/json' }
// Each request names the statuses it may get; anything else is a failure.
const mix = [
  { method: 'GET', path: '/health', expect: [200] },
  { method: 'POST', path: '/items', headers: json, body: '{"name":"widget","count":3}', expect: [200] },
  { method: 'POST', path: '/items', headers: json, body: '{"name":12}', expect: [400] },
  { method: 'POST', path: '/items', headers: json, body: '{"name":"x","extra":true}', expect: [400] },
  { method: 'POST', path: '/items', headers: json, body: '{"name":', expect: [400] },
  { method: 'POST', path: '/items', headers: json, body: '{"__proto__":{"polluted":1},"name":"p"}', expect: [400] },
  { method: 'POST', path: '/items', headers: { 'content-type': 'application/jsonx' }, body: '{"name":"x"}', expect: [415] },
  { method: 'POST', path: '/items', headers: json, body: JSON.stringify({ name: 'x'.repeat(20_000) }), expect: [413] },
  { method: 'GET', path: '/private/me', expect: [401] },
  { method: 'GET', path: '/private/me', headers: { authorization: 'Bearer wrong' }, expect: [401] },
  { method: 'GET', path: '/private/me', headers: { authorization: 'Bearer soak-key' }, expect: [200] },
  { method: 'GET', path: '/%zz', expect: [400] },
  { method: 'GET', path: '/nowhere', expect: [404] }
]

function heapAfterGc () {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc()
    globalThis.gc()
  }
  return process.memoryUsage().heapUsed
}

function run (url, duration, tally) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url,
      connections,
      duration,
      requests: mix.map(({ method, path, headers, body }) => ({ method, path, headers, body }))
    }, (error, result) => (error ? reject(error) : resolve(result)))
    // autocannon does not say which entry of the mix a response answers (a 413 closes its
    // connection and restarts that connection's cycle), so a status is checked against the set the
    // whole mix may produce: no 5xx, no 2xx/4xx the mix never asks for.
    instance.on('response', (client, statusCode) => {
      tally.total++
      tally.byStatus[statusCode] = (tally.byStatus[statusCode] ?? 0) + 1
      if (!mix.some((entry) => entry.expect.includes(statusCode))) tally.unexpected++
    })
  })
}

const app = buildApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = `http://127.0.0.1:${app.server.address().port}`

const warmTally = { total: 0, unexpected: 0, byStatus: {} }
await run(url, warmupSeconds, warmTally)
const heapBefore = heapAfterGc()

const tally = { total: 0, unexpected: 0, byStatus: {} }
const result = await run(url, seconds, tally)
const heapAfter = heapAfterGc()
await app.close()

const growth = heapAfter - heapBefore
const polluted = ({}).polluted !== undefined
const report = {
  seconds,
  connections,
  requests: tally.total,
  rps: Math.round(tally.total / seconds),
  byStatus: tally.byStatus,
  unexpectedStatuses: tally.unexpected,
  errors: result.errors,
  timeouts: result.timeouts,
  heapBeforeMB: +(heapBefore / 1048576).toFixed(1),
  heapAfterMB: +(heapAfter / 1048576).toFixed(1),
  heapGrowthMB: +(growth / 1048576).toFixed(1),
  heapBoundMB: heapBoundBytes / 1048576,
  gcExposed: typeof globalThis.gc === 'function',
  prototypePolluted: polluted
}
console.log(JSON.stringify(report, null, 2))

const failures = []
if (tally.unexpected > 0) failures.push(`${tally.unexpected} responses with an unexpected status`)
if (result.timeouts > 0) failures.push(`${result.timeouts} timeouts`)
// autocannon counts the connection a 413 closes as an error only if the reset beats the response;
// anything beyond those would be a real socket failure.
if (result.errors > (tally.byStatus[413] ?? 0)) failures.push(`${result.errors} socket errors`)
if (growth > heapBoundBytes) failures.push(`heap grew by ${report.heapGrowthMB} MB (bound ${report.heapBoundMB} MB)`)
if (polluted) failures.push('Object.prototype was polluted')
if (!report.gcExposed) console.warn('run with node --expose-gc for a meaningful heap comparison')
if (failures.length > 0) {
  console.error('soak failed:\n  ' + failures.join('\n  '))
  process.exit(1)
}
console.log('soak passed')
