import t from 'tap'
import enclave from '@enclave/core'
import Joi from 'joi'
import { createValidatorCompiler, validatorCompiler } from '@enclave/joi'

const person = Joi.object({ name: Joi.string().required(), age: Joi.number().required() })

async function post (compiler: ReturnType<typeof createValidatorCompiler>, payload: unknown, url = '/') {
  const app = enclave()
  app.post('/', { validatorCompiler: compiler, schema: { body: person, querystring: Joi.object({ n: Joi.number() }) } }, async (request) => ({ body: request.body, query: request.query }))
  const res = await app.inject({ method: 'POST', url, payload: payload as object })
  await app.close()
  return res
}

t.test('abortEarly: false reports every failure, joined by the default formatter', async (t) => {
  const res = await post(createValidatorCompiler({ abortEarly: false }), { age: 'x' })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'body/name is required, body/age should be a number')
  const early = await post(validatorCompiler, { age: 'x' })
  t.equal(early.json().message, 'body/name is required', 'Joi\'s default stops at the first')
})

t.test('stripUnknown removes undeclared keys instead of refusing them', async (t) => {
  const res = await post(createValidatorCompiler({ stripUnknown: true }), { name: 'a', age: 1, role: 'admin' })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json().body, { name: 'a', age: 1 })
})

t.test('allowUnknown keeps undeclared keys', async (t) => {
  const res = await post(createValidatorCompiler({ allowUnknown: true }), { name: 'a', age: 1, role: 'admin' })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json().body, { name: 'a', age: 1, role: 'admin' })
})

t.test('convert: false turns conversion off, so "5" is not a number even in a query string', async (t) => {
  const strict = createValidatorCompiler({ convert: false })
  const query = await post(strict, { name: 'a', age: 1 }, '/?n=5')
  t.equal(query.statusCode, 400)
  t.equal(query.json().message, 'querystring/n should be a number')
  const body = await post(strict, { name: 'a', age: '1' })
  t.equal(body.json().message, 'body/age should be a number')
})

t.test('parts: options for one part only (strict JSON bodies, converted query strings)', async (t) => {
  const compiler = createValidatorCompiler({ parts: { body: { convert: false } } })
  const body = await post(compiler, { name: 'a', age: '1' }, '/?n=5')
  t.equal(body.json().message, 'body/age should be a number')
  const query = await post(compiler, { name: 'a', age: 1 }, '/?n=5')
  t.equal(query.statusCode, 200)
  t.strictSame(query.json().query, { n: 5 })
})

t.test('headers allow unknown keys unless allowUnknown is set to false for them', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const closed = createValidatorCompiler({ parts: { headers: { allowUnknown: false } } })
  app.get('/open', { validatorCompiler, schema: { headers: Joi.object({ 'x-id': Joi.string() }) } }, async () => 'ok')
  app.get('/closed', { validatorCompiler: closed, schema: { headers: Joi.object({ 'x-id': Joi.string() }) } }, async () => 'ok')
  t.equal((await app.inject({ url: '/open', headers: { 'x-id': 'a' } })).statusCode, 200)
  const res = await app.inject({ url: '/closed', headers: { 'x-id': 'a' } })
  t.equal(res.statusCode, 400)
  t.match(res.json().message, /^headers\/[a-z-]+ is not allowed$/)
})

t.test('stripUnknown on headers does not drop the headers the schema does not declare', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', {
    validatorCompiler: createValidatorCompiler({ stripUnknown: true }),
    schema: { headers: Joi.object({ 'x-n': Joi.number() }) }
  }, async (request) => ({ n: request.headers['x-n'], agent: request.headers['user-agent'] }))
  const res = await app.inject({ url: '/', headers: { 'x-n': '4', 'user-agent': 'tap' } })
  t.strictSame(res.json(), { n: 4, agent: 'tap' })
})

t.test('Joi\'s errors options pass through: errors.wrap.label changes the raw message, the issue message stays readable', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  let libraryMessage: unknown
  app.setErrorHandler(function (error: any, _request, reply) {
    libraryMessage = error.validation[0].params.libraryMessage
    reply.code(400).send({ message: error.message })
  })
  app.post('/', { validatorCompiler: createValidatorCompiler({ errors: { wrap: { label: '[]' } } }), schema: { body: person } }, async () => 'never')
  const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'a', age: 'x' } })
  t.equal(libraryMessage, '[age] must be a number')
  t.equal(res.json().message, 'body/age should be a number')
})

t.test('invalid options fail when the compiler is created, not per request', async (t) => {
  t.throws(() => createValidatorCompiler({ abortEarly: 'yes' as never }), { code: 'ENC_ERR_JOI_INVALID_OPTIONS', message: /abortEarly/ })
  t.throws(() => createValidatorCompiler({ warnings: true } as never), { code: 'ENC_ERR_JOI_INVALID_OPTIONS', message: /warnings/ })
  t.throws(() => createValidatorCompiler({ parts: { cookies: {} } } as never), { code: 'ENC_ERR_JOI_INVALID_OPTIONS', message: /cookies/ })
  t.throws(() => createValidatorCompiler({ parts: { body: { convert: 1 } } } as never), { code: 'ENC_ERR_JOI_INVALID_OPTIONS', message: /convert/ })
  t.throws(() => createValidatorCompiler('strict' as never), { code: 'ENC_ERR_JOI_INVALID_OPTIONS' })
})

t.test('passing the factory itself where a compiler is expected fails loudly at ready()', async (t) => {
  const app = enclave()
  app.setValidatorCompiler(createValidatorCompiler as never)
  app.post('/', { schema: { body: person } }, async () => 'never')
  const error = await app.ready().then(() => null, (error: unknown) => error) as { message: string } | null
  t.match(error?.message, /createValidatorCompiler\(\) was called as a validator compiler/)
  await app.close()
})
