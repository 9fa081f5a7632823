import t from 'tap'
import enclave from '@enclave/core'
import bearerAuth, { errors, type BearerAuthOptions } from '@enclave/bearer-auth'

async function registrationError (options: unknown): Promise<Error & { code?: string, statusCode?: number }> {
  const app = enclave()
  try {
    await app.register(bearerAuth, options as BearerAuthOptions)
    await app.ready()
  } catch (error) {
    return error as Error & { code?: string }
  } finally {
    await app.close().catch(() => {})
  }
  throw new Error('registration did not fail')
}

const invalid: Array<[string, unknown, string, RegExp]> = [
  ['keys not an array or Set', { keys: 'secret' }, 'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE', /has to be an Array or a Set/],
  ['keys as an object', { keys: { a: 'b' } }, 'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE', /Array or a Set/],
  ['a non-string key', { keys: ['ok', 42] }, 'FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE', /only string entries/],
  ['an empty key', { keys: ['ok', ''] }, 'ENC_ERR_BEARER_AUTH_UNUSABLE_KEY', /entry #1 can never match a request: it is empty/],
  ['a key with a trailing newline', { keys: ['from-env\n'] }, 'ENC_ERR_BEARER_AUTH_UNUSABLE_KEY', /entry #0 .*whitespace/],
  ['a non-ASCII key', { keys: ['clé'] }, 'ENC_ERR_BEARER_AUTH_UNUSABLE_KEY', /printable ASCII/],
  ['an unknown specCompliance', { keys: ['k'], specCompliance: 'rfc9999' }, 'FST_BEARER_AUTH_INVALID_SPEC', /'rfc6750' or 'rfc6749'/],
  ['an unknown hook', { keys: ['k'], addHook: 'onSend' }, 'FST_BEARER_AUTH_INVALID_HOOK', /addHook/],
  ['addHook as a number', { keys: ['k'], addHook: 1 }, 'FST_BEARER_AUTH_INVALID_HOOK', /addHook/],
  ['an unknown log level', { keys: ['k'], verifyErrorLogLevel: 'loud' }, 'FST_BEARER_AUTH_INVALID_LOG_LEVEL', /does not have level 'loud'/],
  ['auth not a function', { auth: 'yes' }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.auth has to be a function/],
  ['errorResponse not a function', { keys: ['k'], errorResponse: {} }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.errorResponse/],
  ['contentType not a string', { keys: ['k'], contentType: 42 }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.contentType/],
  ['contentType with a newline', { keys: ['k'], contentType: 'text/plain\r\nx-injected: 1' }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.contentType/],
  ['bearerType with a space', { keys: ['k'], bearerType: 'Bear er' }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.bearerType/],
  ['an empty bearerType', { keys: ['k'], bearerType: '' }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.bearerType/],
  ['a realm with a line break', { keys: ['k'], realm: 'a\r\nb' }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.realm/],
  ['wwwAuthenticate not a boolean', { keys: ['k'], wwwAuthenticate: 'no' }, 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', /options\.wwwAuthenticate/]
]

for (const [name, options, code, message] of invalid) {
  t.test(`invalid options fail registration: ${name}`, async (t) => {
    const error = await registrationError(options)
    t.equal(error.code, code)
    t.equal(error.statusCode, 500)
    t.match(error.message, message)
    t.ok(error instanceof TypeError)
  })
}

t.test('an unusable key is named by position, never by value', async (t) => {
  const error = await registrationError({ keys: ['super-secret-value '] })
  t.notMatch(error.message, /super-secret-value/)
})

t.test('the error classes are exported for instanceof checks', async (t) => {
  const error = await registrationError({ keys: 'x' })
  t.ok(error instanceof errors.FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE)
})

t.test('keys are not checked when auth is a function (they are ignored)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: 'not checked' as unknown as string[], auth: () => true })
  app.get('/', () => 'ok')
  t.equal((await app.inject({ url: '/', headers: { authorization: 'Bearer x' } })).statusCode, 200)
})

t.test('auth: null falls back to keys, as with the peer', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k'], auth: null })
  app.get('/', () => 'ok')
  t.equal((await app.inject({ url: '/', headers: { authorization: 'Bearer k' } })).statusCode, 200)
})

t.test('duplicate keys are accepted', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(bearerAuth, { keys: ['k', 'k'] })
  app.get('/', () => 'ok')
  t.equal((await app.inject({ url: '/', headers: { authorization: 'Bearer k' } })).statusCode, 200)
})

t.test('CommonJS-style access: the default export is the plugin and carries its named exports', async (t) => {
  const mod = await import('@enclave/bearer-auth')
  t.equal(mod.default, mod.bearerAuth)
  t.equal(mod.default.bearerAuth, mod.bearerAuth)
  t.equal(mod.default.errors, mod.errors)
  t.equal((mod as unknown as Record<string, unknown>)['module.exports'], mod.default)
  t.equal((mod.default as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')], true, 'wrapped: registers into the caller')
  t.equal((mod.default as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')], '@enclave/bearer-auth')
})
