import F5 from 'fastify5'
import F4 from 'fastify4'
import { createServer, fastify5Profile, fastify4Profile } from '@enclave/core/internal'
import { Readable } from 'node:stream'
import http from 'node:http'
const faces = [['f5', F5], ['en5', (o) => createServer(o, fastify5Profile)], ['f4', F4], ['en4', (o) => createServer(o, fastify4Profile)]]
function get (port) {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve('HUNG'), 1500)
    const req = http.request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      let body = ''
      res.on('data', (c) => { body += c })
      res.on('end', () => { clearTimeout(t); resolve([res.statusCode, res.headers.trailer, res.headers['content-length'], JSON.stringify(res.trailers), body]) })
    })
    req.on('error', (e) => { clearTimeout(t); resolve('ERR ' + e.message) })
    req.end()
  })
}
for (const [n, F] of faces) {
  const stream = Readable.from(['x'])
  stream.resume()
  await new Promise((resolve) => stream.on('end', resolve))
  const app = F()
  app.get('/', (q, r) => { r.trailer('ETag', (r, p, done) => done(null, 'e')); r.send(stream) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  console.log(n, JSON.stringify(await get(app.server.address().port)))
  app.server.closeAllConnections?.()
  await app.close()
}
