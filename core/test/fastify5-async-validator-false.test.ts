import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** The answer to a body a custom validator judges through a promise that resolves `false`. */
async function answer (factory: Factory, withErrors: boolean): Promise<{ status: number, message: string | undefined, handled: boolean }> {
  const app = factory()
  let handled = false
  app.setValidatorCompiler(() => {
    const validate = async (): Promise<boolean> => false
    if (withErrors) Object.assign(validate, { errors: [{ instancePath: '', schemaPath: '#/custom', keyword: 'custom', params: {}, message: 'must pass custom validation' }] })
    return validate
  })
  app.post('/', { schema: { body: { type: 'object' } } }, async () => { handled = true; return 'ran' })
  const res = await app.inject({ method: 'POST', url: '/', payload: {} })
  await app.close()
  return { status: res.statusCode, message: res.statusCode === 400 ? res.json().message : undefined, handled }
}

// Fastify 4.29 and 5.12 agree: the promise resolving false fails with the validator's errors; with
// none, the body passes. enclave() words its validation messages its own way.
for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory] as [string, Factory], ...enclaveFaces, ...fastify5Faces]) {
  test(`${name}: an async validator resolving false fails with its errors (400, the handler never runs)`, async (t) => {
    t.match(await answer(factory, true), { status: 400, message: /^body (must|should) pass custom validation$/, handled: false })
    t.same(await answer(factory, false), { status: 200, message: undefined, handled: true })
  })
}

/** The answer to a body whose custom validator's promise resolves `{ error }`. */
async function answerToResolvedError (factory: Factory): Promise<{ status: number, handled: boolean }> {
  const app = factory({ logger: false })
  let handled = false
  app.setValidatorCompiler(() => async () => ({ error: new Error('judged invalid') }))
  app.post('/', { schema: { body: { type: 'object' } } }, async () => { handled = true; return 'ran' })
  const res = await app.inject({ method: 'POST', url: '/', payload: {} })
  await app.close()
  return { status: res.statusCode, handled }
}

test('an async validator resolving { error }: a failure on Fastify 4.29, a pass on Fastify 5.12 (only false fails there)', async (t) => {
  for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory] as [string, Factory], ...enclaveFaces]) {
    t.same(await answerToResolvedError(factory), { status: 400, handled: false }, name)
  }
  for (const [name, factory] of fastify5Faces) t.same(await answerToResolvedError(factory), { status: 200, handled: true }, name)
})
