/* global Bun, Deno */
// Serves one app on this runtime's own server (Node: listen(); Bun: Bun.serve; Deno: Deno.serve) and
// prints, as hex, the bytes of the response head's fields that carry characters beyond ASCII, read
// from a raw socket: what a client receives, before any client decodes it.
import net from 'node:net'
import { Buffer } from 'node:buffer'
import Fastify from '@enclave/fastify'

const app = Fastify()
app.get('/', async (request, reply) => {
  reply.header('content-disposition', 'attachment; filename="caf\u00e9.csv"')
  reply.header('x-names', ['Zo\u00eb', 'ascii only'])
  return 'ok'
})

let port
let stop
if (typeof Bun !== 'undefined') {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch })
  port = server.port
  stop = () => server.stop(true)
} else if (typeof Deno !== 'undefined') {
  const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen () {} }, app.fetch)
  port = server.addr.port
  stop = () => server.shutdown()
} else {
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = app.server.address().port
  stop = () => {}
}
const head = await new Promise((resolve, reject) => {
  const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'))
  const parts = []
  socket.on('data', (data) => parts.push(data))
  socket.on('end', () => resolve(Buffer.concat(parts)))
  socket.on('error', reject)
})
const fields = {}
for (const line of head.toString('latin1').split('\r\n\r\n')[0].split('\r\n').slice(1)) {
  const name = line.slice(0, line.indexOf(':')).toLowerCase()
  if (name === 'content-disposition' || name === 'x-names') fields[name] = [...(fields[name] ?? []), line.slice(name.length + 1).trim()]
}
// A repeated field as a client reads it (Bun's server writes it as one line, Node's and Deno's as several).
for (const name in fields) fields[name] = Buffer.from(fields[name].join(', '), 'latin1').toString('hex')
await stop()
await app.close()
process.stdout.write(JSON.stringify(fields) + '\n')
