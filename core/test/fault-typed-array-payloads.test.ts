// Typed-array payloads: onSend hooks see a Buffer, as in Fastify (plugins test Buffer.isBuffer);
// a view over a transferred (detached) buffer is Fastify's 500 before anything is written, never a
// request left hanging; an onSend hook that returns a typed array is refused on the v5 face as
// Fastify 5 refuses it (Fastify 4 leaves that request unanswered: the v4 face and enclave() send it).
import t from 'tap'
import net from 'node:net'
import { enclaveFaces, faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function detached<T> (make: (buffer: ArrayBuffer) => T): T {
  const buffer = new ArrayBuffer(8)
  const view = make(buffer)
  structuredClone(buffer, { transfer: [buffer] })
  return view
}

async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  const seen: string[] = []
  app.addHook('onSend', async (_request: unknown, _reply: unknown, payload: unknown) => { seen.push(`onSend saw ${Buffer.isBuffer(payload) ? 'a Buffer' : typeof payload}`) })
  app.get('/bytes', async (_request: any, reply: any) => reply.send(new Uint8Array([65, 66])))
  app.get('/floats', async (_request: any, reply: any) => reply.send(new Float32Array([1])))
  app.get('/view', async (_request: any, reply: any) => reply.send(new DataView(new ArrayBuffer(2))))
  app.get('/detached-bytes', async (_request: any, reply: any) => reply.send(detached((buffer) => new Uint8Array(buffer))))
  app.get('/detached-bytes-returned', async () => detached((buffer) => new Uint8Array(buffer)))
  app.get('/detached-floats', async (_request: any, reply: any) => reply.send(detached((buffer) => new Float64Array(buffer))))
  app.get('/detached-view', async (_request: any, reply: any) => reply.send(detached((buffer) => new DataView(buffer))))
  app.get('/detached-buffer', async (_request: any, reply: any) => reply.send(detached((buffer) => Buffer.from(buffer))))
  for (const url of ['/bytes', '/floats', '/view', '/detached-bytes', '/detached-bytes-returned', '/detached-floats', '/detached-view', '/detached-buffer']) {
    const response = await app.inject(url)
    seen.push(`${url}: ${response.statusCode} ${response.headers['content-type']} ${response.body}`)
  }
  await app.close()
  return seen
}

t.test('typed arrays are answered as fastify@4.29.1 answers them', async (t) => {
  const [[, fastify4], ...enclaveEntries] = faces
  const expected = await answers(fastify4!)
  t.same(expected.slice(0, 2), ['onSend saw a Buffer', '/bytes: 200 application/octet-stream AB'])
  t.ok(expected.some((line) => line.startsWith('/detached-bytes: 500 ')))
  for (const [name, factory] of enclaveEntries) t.same(await answers(factory), expected, name)
})

t.test('typed arrays are answered as fastify@5.12.8 answers them', async (t) => {
  const [[, fastify5], [name, face]] = fastify5Faces
  t.same(await answers(face!), await answers(fastify5!), name)
})

t.test('a detached view over a real socket gets its 500, the connection is not left hanging', async (t) => {
  for (const [name, factory] of [...enclaveFaces, fastify5Faces[1]!]) {
    const app = factory()
    app.get('/', async (_request: any, reply: any) => reply.send(detached((buffer) => new Uint8Array(buffer))))
    await app.listen({ port: 0, host: '127.0.0.1' })
    const text = await new Promise<string>((resolve) => {
      const socket = net.connect(app.server.address().port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))
      let received = ''
      socket.on('data', (chunk) => { received += chunk.toString('latin1') })
      socket.on('close', () => resolve(received))
    })
    t.match(text, /^HTTP\/1\.1 500 Internal Server Error\r\n[^]*\r\n\r\n\{"statusCode":500,"error":"Internal Server Error","message":"Cannot perform Construct on a detached ArrayBuffer"\}$/, name)
    await app.close()
  }
})

t.test('an onSend hook that returns a typed array', async (t) => {
  async function answer (factory: Factory): Promise<string> {
    const app = factory()
    app.get('/', { onSend: async () => new Uint8Array([65, 66]) }, async () => 'text')
    const response = await app.inject('/')
    await app.close()
    return `${response.statusCode} ${response.body}`
  }
  const [[, fastify5], [name, face]] = fastify5Faces
  const refused = await answer(fastify5!)
  t.match(refused, /^500 .*"code":"FST_ERR_REP_INVALID_PAYLOAD_TYPE"/)
  t.equal(await answer(face!), refused, `${name}: refused as Fastify 5 refuses it`)
  for (const [entry, factory] of enclaveFaces) t.equal(await answer(factory), '200 AB', `${entry}: sent (Fastify 4 never answers it)`)
})
