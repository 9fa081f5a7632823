// Framework cost per request without sockets or a load generator: the server's own 'request'
// listener is called with a real IncomingMessage/ServerResponse pair on a stub socket, in-process,
// and the work is timed in CPU time. A tuning tool for bench/notes.md, not part of the report.
//   node [--expose-gc] bench/dispatch-compare.js <enclave|fastify4|fastify5> <S1..S5> [seconds=3]
import http from 'node:http'
import { Duplex } from 'node:stream'
import { scenarios } from './scenarios.js'
import { buildApp } from './servers/fastify-style.js'

const [peer = 'enclave', scenario = 'S1', secondsArg = '3'] = process.argv.slice(2)
const modules = { enclave: '@enclave/core', fastify4: 'fastify4', fastify5: 'fastify5' }
const app = buildApp((await import(modules[peer])).default)
await app.ready()
// --baseline: the same process and app loaded, but a hand-written listener answers, to tell the
// framework's cost from the harness's.
const baseline = process.argv.includes('--baseline')
const listener = baseline ? rawListener : app.server.listeners('request')[0]

function rawListener (req, res) {
  const payload = JSON.stringify({ hello: 'world' })
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) })
  res.end(payload)
}
const { request, check } = scenarios[scenario]
const body = request.body === undefined ? null : Buffer.from(request.body)
const headers = { host: '127.0.0.1', ...(request.headers ?? {}) }
if (body !== null) headers['content-length'] = String(body.length)

/** A socket that swallows writes: Node's response machinery runs in full, nothing leaves the process. */
class NullSocket extends Duplex {
  _read () {}
  _write (chunk, encoding, callback) { this.written = chunk; callback() }
  _writev (chunks, callback) { this.written = chunks; callback() }
}
function makeSocket () {
  const socket = new NullSocket()
  socket.remoteAddress = '127.0.0.1'
  socket.setTimeout = function setTimeout () { return this }
  return socket
}
const inFlight = 20

// A fresh socket per request (the same cost for every peer): a socket carries one response at a time.
function once (socket = makeSocket()) {
  return new Promise((resolve) => {
    const req = new http.IncomingMessage(socket)
    req.method = request.method
    req.url = request.path
    req.headers = headers
    req.httpVersion = '1.1'
    req.httpVersionMajor = 1
    req.httpVersionMinor = 1
    if (body !== null) req.push(body)
    req.push(null)
    const res = new http.ServerResponse(req)
    res.shouldKeepAlive = true
    res.assignSocket(socket)
    let output = ''
    res.on('finish', function onFinish () {
      res.detachSocket(socket)
      resolve(output)
    })
    if (checking) {
      socket._write = function capture (chunk, encoding, callback) { output += chunk; callback() }
      socket._writev = function captureMany (chunks, callback) { for (const { chunk } of chunks) output += chunk; callback() }
    }
    listener(req, res)
  })
}

let checking = true
const first = await once()
const [head, payload] = first.split('\r\n\r\n')
const status = Number(head.split(' ')[1])
if (!baseline && !check(status, payload)) throw new Error(`${peer} ${scenario}: ${first}`)
checking = false

async function run (ms) {
  let done = 0
  const until = performance.now() + ms
  while (performance.now() < until) {
    const pending = []
    for (let i = 0; i < inFlight; i++) pending.push(once())
    await Promise.all(pending)
    done += inFlight
  }
  return done
}

await run(1500)
const cpuBefore = process.cpuUsage()
const done = await run(Number(secondsArg) * 1000)
const cpu = process.cpuUsage(cpuBefore)
const micros = (cpu.user + cpu.system) / done
// Memory after warm-up and the measured run: RSS as the process stands, and (under
// `node --expose-gc`) heap used after a full collection, the part the framework's objects hold.
const rssMB = process.memoryUsage().rss / 1048576
globalThis.gc?.()
const { heapUsed } = process.memoryUsage()
console.log('RESULT ' + JSON.stringify({ peer, scenario, cpuMicrosPerRequest: micros, rssMB, heapUsedMB: heapUsed / 1048576 }))
