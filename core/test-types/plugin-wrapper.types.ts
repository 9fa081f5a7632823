// Types through @enclave/plugin's wrapper: options stay checked, an inline plugin sees its parent's
// decorations, and a wrapped plugin states what it needs. Checked by tsc, never run.
import enclave, { type EnclaveInstance, type EnclavePluginAsync, type EnclavePluginCallback } from '@enclave/core'
import plugin from '@enclave/plugin'
import { assertType, type Equal } from './expect.js'

interface Mailer { send: (to: string) => Promise<void> }
declare const mailer: Mailer

const app = enclave().decorate('mailer', mailer).decorateRequest('tenant', 'public')

// A wrapped plugin with its own options type: register() checks them.
const rateLimit = plugin(async function rateLimit (instance: EnclaveInstance, options: { max: number }) {
  instance.log.info({ max: options.max })
}, { name: 'rate-limit' })
app.register(rateLimit, { max: 10 })
// @ts-expect-error max is a number
app.register(rateLimit, { max: 'ten' })
// The wrapper keeps the function's own type, plus the markers and the camel-case alias.
assertType<Equal<Parameters<typeof rateLimit>[1], { max: number }>>()
const alias: (instance: EnclaveInstance, options: { max: number }) => Promise<void> = rateLimit.rateLimit

// A wrapped plugin that needs a decoration says so in its instance type; only parents that have
// it can register it.
const notifier = plugin(async function notifier (instance: EnclaveInstance & { mailer: Mailer }) {
  await instance.mailer.send('ops@example.com')
})
app.register(notifier)
// @ts-expect-error a bare instance has no mailer
enclave().register(notifier)

// Inline in register(): the wrapped function's parameters come from the parent, decorations and all.
app.register(plugin(async (instance, options: { greeting: string }) => {
  assertType<Equal<typeof instance.mailer, Mailer>>()
  instance.get('/hello', async (request) => `${options.greeting} ${request.tenant}`)
}), { greeting: 'hi' })
app.register(plugin(async (instance) => {
  await instance.mailer.send('x')
}, { encapsulate: true, dependencies: ['rate-limit'] }))

// Nested: a wrapped plugin registering another inside a decorated child.
app.register(async (child) => {
  const withClock = child.decorate('clock', () => Date.now())
  withClock.register(plugin(async (inner) => {
    const now: number = inner.clock()
    await inner.mailer.send(String(now))
  }))
})

// Callback-style plugins, typed with Enclave's names, through the wrapper.
const callbackStyle: EnclavePluginCallback<{ verbose?: boolean }> = (instance, options, done) => {
  if (options.verbose === true) instance.log.info('verbose')
  done()
}
app.register(plugin(callbackStyle), { verbose: true })
const asyncStyle: EnclavePluginAsync = async () => {}
app.register(plugin(asyncStyle, { name: 'async-style', encapsulate: true }))

export { alias }

// Written on its own without annotations, a wrapped plugin's instance is a plain Enclave instance
// (as fastify-plugin gives a plain FastifyInstance), not `any`.
const unannotated = plugin(async (instance, options) => {
  assertType<Equal<typeof instance, EnclaveInstance>>()
  instance.get('/unannotated', async () => ({ ok: true, options }))
  // @ts-expect-error a plain instance has no mailer
  await instance.mailer.send('x')
})
app.register(unannotated)
const unannotatedCallback = plugin((instance, _options, done) => {
  assertType<Equal<typeof instance, EnclaveInstance>>()
  done()
})
app.register(unannotatedCallback)

// `plugin<Options>(fn)`, as `fp<Options>(fn)`: the options are typed inside and checked by register().
const withOptions = plugin<{ max: number }>(async (instance, options) => {
  assertType<Equal<typeof options, { max: number }>>()
  assertType<Equal<typeof instance, EnclaveInstance>>()
})
app.register(withOptions, { max: 1 })
// @ts-expect-error max is a number
app.register(withOptions, { max: 'one' })
const namedWithOptions = plugin<{ level: string }>((instance, options, done) => {
  instance.log.info(options.level)
  done()
}, { name: 'named-with-options' })
app.register(namedWithOptions, { level: 'info' })
