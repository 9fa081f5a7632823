import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** A custom validator returning `{ value }`: what the handler then gets as the body. */
async function bodies (factory: Factory, async: boolean): Promise<unknown[]> {
  const app = factory()
  app.setValidatorCompiler(() => {
    const validate = (data: any): unknown => typeof data === 'object' && data !== null && 'coerceTo' in data ? { value: data.coerceTo } : true
    return async ? async (data: unknown) => validate(data) : validate
  })
  app.post('/', { schema: { body: { type: 'object' } } }, (request: any) => ({ body: request.body === undefined ? 'undefined' : request.body }))
  const seen: unknown[] = []
  for (const coerceTo of [0, '', false, null, 1]) {
    const res = await app.inject({ method: 'POST', url: '/', payload: { coerceTo } })
    seen.push(res.json().body)
  }
  await app.close()
  return seen
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a synchronous validator's value replaces the part, falsy ones too; an async one's does not`, async (t) => {
    t.same(await bodies(factory, false), [0, '', false, null, 1])
    t.same(await bodies(factory, true), [{ coerceTo: 0 }, { coerceTo: '' }, { coerceTo: false }, { coerceTo: null }, { coerceTo: 1 }])
  })
}

for (const [name, factory] of faces) {
  test(`${name}: only a truthy value replaces the part, as Fastify 4.29`, async (t) => {
    const kept = [{ coerceTo: 0 }, { coerceTo: '' }, { coerceTo: false }, { coerceTo: null }, 1]
    t.same(await bodies(factory, false), kept)
    t.same(await bodies(factory, true), kept)
  })
}
