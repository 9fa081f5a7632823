import { test } from 'tap'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { warningsDuring } from './fixtures/warnings-during.js'

/** setErrorHandler twice at the root, once then twice in a child: what is thrown, warned, and which handler answers. */
async function overriding (factory: Factory, options: Record<string, unknown>): Promise<unknown> {
  const outcome: Record<string, unknown> = {}
  const warned = await warningsDuring(async () => {
    const app = factory(options)
    app.setErrorHandler((_error: Error, _request: unknown, reply: any) => { reply.code(500).send('first') })
    try {
      app.setErrorHandler((_error: Error, _request: unknown, reply: any) => { reply.code(500).send('second') })
      outcome.root = 'replaced'
    } catch (error: any) {
      outcome.root = { code: error.code, name: error.name, message: error.message, statusCode: error.statusCode, typeError: error instanceof TypeError }
    }
    app.register(async (child: any) => {
      child.setErrorHandler(() => {})
      try {
        child.setErrorHandler(() => {})
        outcome.child = 'replaced'
      } catch (error: any) {
        outcome.child = error.code
      }
    })
    app.get('/', () => { throw new Error('boom') })
    outcome.answer = (await app.inject('/')).body
    await app.close()
  })
  outcome.warnings = warned.map((warning) => [warning.name, warning.code, warning.message])
  return outcome
}

test('setErrorHandler twice in one context replaces the handler and warns FSTWRN004 (allowErrorHandlerOverride at its default)', async (t) => {
  for (const options of [{}, { allowErrorHandlerOverride: true }]) {
    const expected: any = await sameOnBoth(t, (factory) => overriding(factory, options))
    t.equal(expected.answer, 'second')
    t.same(expected.warnings.map((warning: string[]) => warning[1]), ['FSTWRN004', 'FSTWRN004'])
  }
})

test('allowErrorHandlerOverride: false refuses a second setErrorHandler in one context with FST_ERR_ERROR_HANDLER_ALREADY_SET', async (t) => {
  const expected: any = await sameOnBoth(t, (factory) => overriding(factory, { allowErrorHandlerOverride: false }))
  t.same(expected.root, { code: 'FST_ERR_ERROR_HANDLER_ALREADY_SET', name: 'FastifyError', message: "Error Handler already set in this scope. Set 'allowErrorHandlerOverride: true' to allow overriding.", statusCode: 500, typeError: true })
  t.equal(expected.child, 'FST_ERR_ERROR_HANDLER_ALREADY_SET')
  t.equal(expected.answer, 'first')
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a second setErrorHandler replaces the first without a warning, as Fastify 4.29`, async (t) => {
    const outcome: any = await overriding(factory, {})
    t.same(outcome, { root: 'replaced', child: 'replaced', answer: 'second', warnings: [] })
  })
}

test('enclave() honours allowErrorHandlerOverride: false; the v4 face ignores it, as Fastify 4.29', async (t) => {
  const [[, enclave], [, fastify4Face]] = enclaveFaces
  const refused: any = await overriding(enclave!, { allowErrorHandlerOverride: false })
  t.equal(refused.root.code, 'FST_ERR_ERROR_HANDLER_ALREADY_SET')
  t.same(refused.warnings, [])
  const ignored: any = await overriding(fastify4Face!, { allowErrorHandlerOverride: false })
  t.equal(ignored.root, 'replaced')
})
