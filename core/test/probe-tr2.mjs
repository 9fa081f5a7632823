import F5 from 'fastify5'
import F4 from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastify5Profile, fastify4Profile } from '@enclave/core/internal'
const faces = [['f5', F5], ['en5', (o) => createServer(o, fastify5Profile)], ['f4', F4], ['en4', (o) => createServer(o, fastify4Profile)], ['enclave', enclave]]
for (const [n, F] of faces) {
  const app = F()
  app.get('/', (q, r) => { r.trailer('ETag', (r, p, done) => done(null, 'e')); r.removeTrailer('ETag'); r.send('hello') })
  app.get('/some', (q, r) => { r.trailer('ETag', (r, p, done) => done(null, 'e')); r.trailer('X-A', (r, p, done) => done(null, 'a')); r.removeTrailer('ETag'); r.send('hello') })
  const res = await app.inject('/')
  const res2 = await app.inject('/some')
  console.log(n, JSON.stringify([res.headers.trailer, res.headers['content-length'], res.headers['transfer-encoding'], res.trailers, res.body]), JSON.stringify([res2.headers.trailer, res2.headers['content-length'], res2.headers['transfer-encoding'], res2.trailers]))
}
