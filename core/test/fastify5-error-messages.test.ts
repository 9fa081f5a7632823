import { test } from 'tap'
import Fastify4 from 'fastify4'
import Fastify5 from 'fastify5'
import enclave from '@enclave/core'
import FastifyV5Face from '@enclave/fastify'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** The messages of `new errorCodes.X(...)` for the codes whose wording Fastify 5 changed. */
function messages (errorCodes: Record<string, new (...args: unknown[]) => Error>): unknown[] {
  return [
    new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE!().message,
    new errorCodes.FST_ERR_DEC_REFERENCE_TYPE!('cache', 'object').message,
    new errorCodes.FST_ERR_HOOK_TIMEOUT!('onReady', ' "warmUp"').message
  ]
}

const v5Messages = [
  'Unsupported Media Type',
  "The decorator 'cache' of type 'object' is a reference type. Use the { getter, setter } interface instead.",
  "A callback for 'onReady' hook \"warmUp\" timed out. You may have forgotten to call 'done' function or to resolve a Promise"
]

test('the v5 face\'s errorCodes word these messages as Fastify 5.12\'s', async (t) => {
  t.same(messages(Fastify5.errorCodes as never), v5Messages)
  t.same(messages(FastifyV5Face.errorCodes as never), v5Messages)
  const reference = new (FastifyV5Face.errorCodes.FST_ERR_DEC_REFERENCE_TYPE as any)('a', 'b')
  t.ok(reference instanceof (enclave.errorCodes.FST_ERR_DEC_REFERENCE_TYPE as any), 'an instance of the core class too')
})

test('enclave()\'s errorCodes keep Fastify 4.29\'s wording', async (t) => {
  t.equal(new (enclave.errorCodes.FST_ERR_HOOK_TIMEOUT as any)('onReady').message, new (Fastify4.errorCodes.FST_ERR_HOOK_TIMEOUT as any)('onReady').message)
  t.equal(new (enclave.errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE as any)('a/b').message, new (Fastify4.errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE as any)('a/b').message)
})

/** ready() with an onReady hook that never calls done: its error. */
async function readyTimeout (factory: Factory, hook: (done: () => void) => void): Promise<unknown[]> {
  const app = factory({ pluginTimeout: 50 })
  app.addHook('onReady', hook)
  const error = await app.ready().then(() => null, (thrown: any) => thrown)
  return [error.code, error.message, error.cause?.code]
}

const timedOut = (hook: string): string => `A callback for 'onReady' hook${hook} timed out. You may have forgotten to call 'done' function or to resolve a Promise`
const anonymous = [(done: () => void) => { void done }][0]!

for (const [name, factory] of fastify5Faces) {
  test(`${name}: an onReady hook that never finishes is named in FST_ERR_HOOK_TIMEOUT`, async (t) => {
    t.same(await readyTimeout(factory, function warmUp (done) { void done }), ['FST_ERR_HOOK_TIMEOUT', timedOut(' "warmUp"'), 'AVV_ERR_READY_TIMEOUT'])
    t.same(await readyTimeout(factory, anonymous), ['FST_ERR_HOOK_TIMEOUT', timedOut(''), 'AVV_ERR_READY_TIMEOUT'])
  })
}

for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory], ...enclaveFaces] as Array<[string, Factory]>) {
  test(`${name}: FST_ERR_HOOK_TIMEOUT names the hook only, as Fastify 4.29`, async (t) => {
    t.same(await readyTimeout(factory, function warmUp (done) { void done }), ['FST_ERR_HOOK_TIMEOUT', timedOut(''), 'AVV_ERR_READY_TIMEOUT'])
  })
}
