import t from 'tap'
import enclave from '@enclave/core'
import * as yup from 'yup'
import { createValidatorCompiler, validatorCompiler } from '@enclave/yup'

const person = yup.object({ name: yup.string().required(), age: yup.number().required() })

async function post (compiler: ReturnType<typeof createValidatorCompiler>, payload: unknown, url = '/') {
  const app = enclave()
  app.post('/', { validatorCompiler: compiler, schema: { body: person, querystring: yup.object({ n: yup.number() }) } }, async (request) => ({ body: request.body, query: request.query }))
  const res = await app.inject({ method: 'POST', url, payload: payload as object })
  await app.close()
  return res
}

t.test('abortEarly: false reports every failure, joined by the default formatter', async (t) => {
  const res = await post(createValidatorCompiler({ abortEarly: false }), { age: 'x' })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'body/name is a required field, body/age should be number')
  const early = await post(validatorCompiler, { age: 'x' })
  t.equal(early.json().message, 'body/age should be number', 'yup\'s default stops at the first it meets')
})

t.test('stripUnknown removes undeclared keys', async (t) => {
  const res = await post(createValidatorCompiler({ stripUnknown: true }), { name: 'a', age: 1, role: 'admin' })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json().body, { name: 'a', age: 1 })
  const kept = await post(validatorCompiler, { name: 'a', age: 1, role: 'admin' })
  t.strictSame(kept.json().body, { name: 'a', age: 1, role: 'admin' }, 'yup keeps them by default')
})

t.test('strict: true turns casting off, so "5" is not a number even in a query string', async (t) => {
  const strict = createValidatorCompiler({ strict: true })
  const query = await post(strict, { name: 'a', age: 1 }, '/?n=5')
  t.equal(query.statusCode, 400)
  t.equal(query.json().message, 'querystring/n should be number')
  const body = await post(strict, { name: 'a', age: '1' })
  t.equal(body.json().message, 'body/age should be number')
})

t.test('parts: options for one part only (strict JSON bodies, cast query strings)', async (t) => {
  const compiler = createValidatorCompiler({ parts: { body: { strict: true } } })
  const body = await post(compiler, { name: 'a', age: '1' }, '/?n=5')
  t.equal(body.json().message, 'body/age should be number')
  const query = await post(compiler, { name: 'a', age: 1 }, '/?n=5')
  t.equal(query.statusCode, 200)
  t.strictSame(query.json().query, { n: 5 })
})

t.test('strict with .noUnknown() refuses undeclared keys', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/', {
    validatorCompiler: createValidatorCompiler({ strict: true }),
    schema: { body: yup.object({ name: yup.string() }).noUnknown() }
  }, async (request) => request.body)
  const res = await app.inject({ method: 'POST', url: '/', payload: { name: 'a', role: 'admin' } })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'body field has unspecified keys: role')
})

t.test('stripUnknown on headers does not drop the headers the schema does not declare', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', {
    validatorCompiler: createValidatorCompiler({ stripUnknown: true }),
    schema: { headers: yup.object({ 'x-n': yup.number() }) }
  }, async (request) => ({ n: request.headers['x-n'], agent: request.headers['user-agent'] }))
  const res = await app.inject({ url: '/', headers: { 'x-n': '4', 'user-agent': 'tap' } })
  t.strictSame(res.json(), { n: 4, agent: 'tap' })
})

t.test('context passes through to when() conditions', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const schema = yup.object({
    discount: yup.number().when('$maxDiscount', ([max], field) => field.max(max as number))
  })
  app.post('/', { validatorCompiler: createValidatorCompiler({ context: { maxDiscount: 10 } }), schema: { body: schema } }, async (request) => request.body)
  const res = await app.inject({ method: 'POST', url: '/', payload: { discount: 20 } })
  t.equal(res.json().message, 'body/discount should be less than or equal to 10')
})

t.test('invalid options fail when the compiler is created, not per request', async (t) => {
  t.throws(() => createValidatorCompiler({ abortEarly: false, stripUnknwn: true } as never), { code: 'ENC_ERR_YUP_INVALID_OPTIONS', message: /stripUnknwn/ })
  t.throws(() => createValidatorCompiler({ async: false } as never), { code: 'ENC_ERR_YUP_INVALID_OPTIONS', message: /async/ })
  t.throws(() => createValidatorCompiler({ parts: { cookies: {} } } as never), { code: 'ENC_ERR_YUP_INVALID_OPTIONS', message: /cookies/ })
  t.throws(() => createValidatorCompiler({ parts: { body: { strictt: true } } } as never), { code: 'ENC_ERR_YUP_INVALID_OPTIONS', message: /strictt/ })
  t.throws(() => createValidatorCompiler('strict' as never), { code: 'ENC_ERR_YUP_INVALID_OPTIONS' })
})

t.test('passing the factory itself where a compiler is expected fails loudly at ready()', async (t) => {
  const app = enclave()
  app.setValidatorCompiler(createValidatorCompiler as never)
  app.post('/', { schema: { body: person } }, async () => 'never')
  const error = await app.ready().then(() => null, (error: unknown) => error) as { message: string } | null
  t.match(error?.message, /createValidatorCompiler\(\) was called as a validator compiler/)
  await app.close()
})

t.test('.noUnknown() strips undeclared keys when casting, where yup keeps them by default', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.post('/closed', { validatorCompiler, schema: { body: yup.object({ name: yup.string() }).noUnknown() } }, async (request) => request.body)
  const res = await app.inject({ method: 'POST', url: '/closed', payload: { name: 'x', admin: true } })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { name: 'x' })
})
