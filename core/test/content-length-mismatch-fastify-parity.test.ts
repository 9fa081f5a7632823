import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A body that is not the length its Content-Length declares: Fastify 4.29 and 5.12 answer 400
 * FST_ERR_CTP_INVALID_CONTENT_LENGTH and close the connection (its framing cannot be trusted).
 * Fastify 4.29 measures a text body after decoding it, so bytes that are not UTF-8 count as a mismatch.
 */
async function answers (factory: Factory): Promise<unknown[]> {
  const app = factory({ logger: false })
  app.post('/', async (request: any) => ({ body: request.body }))
  const sent = [
    { payload: '{"a":1}', headers: { 'content-type': 'application/json', 'content-length': '3' } },
    { payload: '{"a":1}', headers: { 'content-type': 'application/json', 'content-length': '100' } },
    { payload: Buffer.from([0xff, 0xfe, 0xfd]), headers: { 'content-type': 'text/plain' } },
    { payload: 'plain', headers: { 'content-type': 'text/plain' } }
  ]
  const seen = []
  for (const request of sent) {
    const response = await app.inject({ method: 'POST', url: '/', ...request })
    seen.push({ status: response.statusCode, connection: response.headers.connection, body: response.json() })
  }
  await app.close()
  return seen
}

const [fastify4, enclaveEntry, face4] = faces
const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces

t.test('a body whose length is not the declared one: 400 and connection: close, as in Fastify', async (t) => {
  const v4 = await answers(fastify4![1])
  t.same(await answers(face4![1]), v4, `${face4![0]} as ${fastify4![0]}`)
  t.same(await answers(enclaveEntry![1]), v4, `${enclaveEntry![0]} as ${fastify4![0]}`)
  t.same(await answers(face5), await answers(fastify5), `${face5Name} as ${v5Name}`)
  t.match(v4[0], { status: 400, connection: 'close', body: { code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' } }, 'the baseline closes')
  t.match(v4[2], { status: 400, connection: 'close' }, 'Fastify 4.29 measures a text body decoded')
})

/** A body that grows past the limit while it is read (a preParsing stream): Fastify 4.29 keeps the connection, 5.12 closes it. */
async function tooLargeWhileRead (factory: Factory): Promise<unknown> {
  const { Readable } = await import('node:stream')
  const app = factory({ logger: false, bodyLimit: 100 })
  app.post('/', { preParsing: async () => Readable.from([Buffer.alloc(200, 97)]) }, async (request: any) => request.body)
  const response = await app.inject({ method: 'POST', url: '/', payload: '{}', headers: { 'content-type': 'application/json' } })
  await app.close()
  return { status: response.statusCode, connection: response.headers.connection, code: response.json().code }
}

t.test('a body past the limit while it is read: 413, the connection kept or closed as in each Fastify', async (t) => {
  const v4 = await tooLargeWhileRead(fastify4![1])
  t.same(v4, { status: 413, connection: 'keep-alive', code: 'FST_ERR_CTP_BODY_TOO_LARGE' }, `${fastify4![0]} keeps it`)
  t.same(await tooLargeWhileRead(face4![1]), v4, `${face4![0]} as ${fastify4![0]}`)
  t.same(await tooLargeWhileRead(enclaveEntry![1]), v4, `${enclaveEntry![0]} as ${fastify4![0]}`)
  t.same(await tooLargeWhileRead(face5), await tooLargeWhileRead(fastify5), `${face5Name} as ${v5Name}`)
})
