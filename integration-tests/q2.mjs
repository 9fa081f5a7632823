import f4 from 'fastify4'
import f5 from 'fastify5'
import en from '@enclave/fastify'
import en4 from '@enclave/fastify4'
import enclave from '@enclave/core'
import zlib from 'node:zlib'
for (const [name, F] of [['f4', f4], ['en4', en4], ['enclave', enclave], ['f5', f5], ['en', en]]) {
  const app = F()
  app.post('/', (request, reply) => { reply.send(request.body) })
  app.addContentTypeParser('text/x', { parseAs: 'string' }, (req, body, done) => done(null, { len: body.length }))
  const r2 = await app.inject({ url: '/', method: 'POST', headers: { 'content-type': 'application/json' }, payload: zlib.gzipSync('{"a":1}') })
  const r3 = await app.inject({ url: '/', method: 'POST', headers: { 'content-type': 'text/plain' }, payload: Buffer.from([0x61, 0xff, 0x62]) })
  const r4 = await app.inject({ url: '/', method: 'POST', headers: { 'content-type': 'text/x' }, payload: Buffer.from([0x61, 0xff, 0x62]) })
  console.log(name, r2.statusCode, r2.json().code, '|', r3.statusCode, r3.body, '|', r4.statusCode, r4.body)
}
