import { test } from 'tap'
import { enclaveFaces, faces, fastify5Faces, type Factory } from './fixtures/faces.js'

async function idFromHeader (factory: Factory, requestIdHeader: unknown): Promise<unknown> {
  const app = factory({ requestIdHeader })
  app.get('/', (request: any) => request.id)
  const res = await app.inject({ url: '/', headers: { 'request-id': 'from-header' } })
  return [app.initialConfig.requestIdHeader, res.payload === 'from-header']
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: requestIdHeader true is 'request-id', '' is none`, async (t) => {
    t.same(await idFromHeader(factory, true), ['request-id', true])
    t.same(await idFromHeader(factory, ''), [false, false])
  })
}

for (const [name, factory] of enclaveFaces) {
  test(`${name}: requestIdHeader true is refused`, async (t) => {
    t.throws(() => factory({ requestIdHeader: true }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  })
}

// Fastify 4.29 reads '' as "not set": each entry falls back to its own default (enclave()'s is no header).
for (const [name, factory] of faces) {
  test(`${name}: requestIdHeader '' is the entry's default`, async (t) => {
    t.same(await idFromHeader(factory, ''), name === 'enclave()' ? [false, false] : ['request-id', true])
  })
}
