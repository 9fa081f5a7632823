import t from 'tap'
import enclave from '@enclave/core'
import errorMessage, { errors, type ErrorMessageOptions } from '@enclave/error-message'

async function registrationError (options: unknown): Promise<Error & { code?: string, statusCode?: number }> {
  const app = enclave()
  try {
    await app.register(errorMessage, options as ErrorMessageOptions)
    await app.ready()
  } catch (error) {
    return error as Error & { code?: string }
  } finally {
    await app.close().catch(() => {})
  }
  throw new Error('registration did not fail')
}

const invalid: Array<[string, unknown, RegExp]> = [
  ['maxErrors zero', { maxErrors: 0 }, /options\.maxErrors has to be a positive integer/],
  ['maxErrors fractional', { maxErrors: 2.5 }, /options\.maxErrors/],
  ['maxErrors as a string', { maxErrors: '10' }, /options\.maxErrors/],
  ['maxErrors infinite', { maxErrors: Infinity }, /options\.maxErrors/],
  ['keepErrors not a boolean', { keepErrors: 'yes' }, /options\.keepErrors has to be a boolean/],
  ['singleError empty', { singleError: '' }, /options\.singleError/],
  ['singleError a number', { singleError: 1 }, /options\.singleError/],
  ['customOptions not an object', { customOptions: 'strict' }, /options\.customOptions/],
  ['allErrors turned off', { customOptions: { allErrors: false } }, /options\.customOptions\.allErrors has to be true/],
  ['plugins not an array', { plugins: () => {} }, /options\.plugins/],
  ['onCreate not a function', { onCreate: 'x' }, /options\.onCreate/]
]

for (const [name, options, message] of invalid) {
  t.test(`invalid options fail registration: ${name}`, async (t) => {
    const error = await registrationError(options)
    t.equal(error.code, 'ENC_ERR_ERROR_MESSAGE_INVALID_OPTION')
    t.equal(error.statusCode, 500)
    t.match(error.message, message)
    t.ok(error instanceof errors.ENC_ERR_ERROR_MESSAGE_INVALID_OPTION)
  })
}

t.test('Ajv options ajv-errors refuses fail registration, not the first request', async (t) => {
  const error = await registrationError({ customOptions: { jsPropertySyntax: true } })
  t.equal(error.code, 'ENC_ERR_ERROR_MESSAGE_AJV_SETUP')
  t.match(error.message, /jsPropertySyntax is not supported/)
})

t.test('a plugin that throws while Ajv is set up fails registration', async (t) => {
  const error = await registrationError({ plugins: [() => { throw new Error('plugin broke') }] })
  t.equal(error.code, 'ENC_ERR_ERROR_MESSAGE_AJV_SETUP')
  t.match(error.message, /plugin broke/)
})

t.test('customOptions, plugins and onCreate apply to the context', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const created: unknown[] = []
  await app.register(errorMessage, {
    customOptions: { coerceTypes: false },
    plugins: [[function addEven (ajv: any, opts: { keyword: string }) {
      ajv.addKeyword({ keyword: opts.keyword, type: 'number', validate: (flag: boolean, data: number) => !flag || data % 2 === 0, errors: false })
    }, { keyword: 'even' }]],
    onCreate (ajv) { created.push(ajv) }
  })
  app.post('/', { schema: { body: { type: 'object', properties: { n: { type: 'number', even: true, errorMessage: { even: 'n should be even' } } } } } }, (request) => request.body)
  const odd = await app.inject({ method: 'POST', url: '/', payload: { n: 3 } })
  t.equal(odd.json().message, 'body/n n should be even')
  const text = await app.inject({ method: 'POST', url: '/', payload: { n: '4' } })
  t.equal(text.json().message, 'body/n should be number', 'coerceTypes: false is in effect')
  t.ok(created.length >= 1, 'onCreate ran')
})

t.test('the default export is the wrapped plugin, carrying its named exports', async (t) => {
  const mod = await import('@enclave/error-message')
  t.equal(mod.default, mod.errorMessage)
  t.equal(mod.default.errors, mod.errors)
  t.equal((mod as unknown as Record<string, unknown>)['module.exports'], mod.default)
  t.equal((mod.default as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')], true)
  t.equal((mod.default as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')], '@enclave/error-message')
})
