// Peers write-<variant>: P1's answer from bare node:http — the same fast-json-stringify code, the
// same headers and bytes Enclave writes — handed to Node in the way the variant names, to measure
// what each use of Node's public API costs (`node bench/instructions.js --scenarios P1 --peers
// write-object,write-array,write-set-header,write-buffer`). No routing, hooks, validation or logging:
// every request gets the answer.
//   object        writeHead(code, { name: value }) then end(string): what Enclave and Fastify do
//   array         writeHead(code, [name, value, …]) then end(string)
//   set-header    setHeader() per header, writeHead(code), end(string)
//   buffer        the body made a Buffer first; its length is the content-length; end(buffer)
//   fixed-length  a constant content-length: not a way to answer, only what computing it costs
//   one-write     writeHead, then the body written with the socket corked around it and end() without
//                 a chunk: head and body leave in one socket write, where end(string) adds an empty chunk
//                 and makes it a two-chunk writev
import http from 'node:http'
import { createRequire } from 'node:module'
import { productionResponseSchema, productionUser, productionAccount } from '../scenarios.js'
import { portFromArgs, host, reportReady } from './harness.js'

const require = createRequire(import.meta.url)
const serialize = require('fast-json-stringify')(productionResponseSchema)
const flag = process.argv.indexOf('--variant')
const variant = flag === -1 ? 'object' : process.argv[flag + 1]
const contentType = 'application/json; charset=utf-8'
const query = { limit: 5, verbose: false }
const fixedLength = String(Buffer.byteLength(serialize(productionUser(42, query, productionAccount))))

const writers = {
  object (res, body) {
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) })
    res.end(body)
  },
  array (res, body) {
    res.writeHead(200, ['content-type', contentType, 'content-length', String(Buffer.byteLength(body))])
    res.end(body)
  },
  'set-header' (res, body) {
    res.setHeader('content-type', contentType)
    res.setHeader('content-length', String(Buffer.byteLength(body)))
    res.writeHead(200)
    res.end(body)
  },
  buffer (res, body) {
    const bytes = Buffer.from(body)
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) })
    res.end(bytes)
  },
  'one-write' (res, body) {
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) })
    const socket = res.socket
    socket.cork()
    res.write(body)
    socket.uncork()
    res.end()
  },
  'fixed-length' (res, body) {
    res.writeHead(200, { 'content-type': contentType, 'content-length': fixedLength })
    res.end(body)
  }
}
const write = writers[variant]
if (write === undefined) throw new Error(`unknown write variant ${variant}`)

const server = http.createServer(function answer (req, res) {
  write(res, serialize(productionUser(42, query, productionAccount)))
})
// Enclave's (and Fastify's) default, so the head carries the same Keep-Alive line.
server.keepAliveTimeout = 72000
server.listen(portFromArgs(), host, function onListening () { reportReady(`write-${variant}`, server.address().port) })
