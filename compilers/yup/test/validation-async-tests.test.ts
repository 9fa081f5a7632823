import t from 'tap'
import enclave from '@enclave/core'
import * as yup from 'yup'
import { createValidatorCompiler, validatorCompiler } from '@enclave/yup'

const takenNames = new Set(['admin', 'root'])

async function isAvailable (value: string | undefined) {
  await new Promise((resolve) => setImmediate(resolve))
  return value === undefined || !takenNames.has(value)
}

const signup = yup.object({
  username: yup.string().required().test('available', '${path} is already taken', isAvailable),
  age: yup.number().integer().min(0)
})

function buildApp () {
  const app = enclave()
  app.post('/signup', { validatorCompiler, schema: { body: signup } }, async (request) => request.body)
  return app
}

t.test('a schema with an async test is validated with validate(); the value is cast', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/signup', payload: { username: 'grace', age: '36' } })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { username: 'grace', age: 36 })
})

t.test('an async test that fails answers 400 in the default structure', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/signup', payload: { username: 'admin' } })
  t.equal(res.statusCode, 400)
  t.strictSame(res.json(), { statusCode: 400, error: 'Bad Request', message: 'body/username is already taken' })
})

t.test('schemas without async tests give a synchronous result; `async` functions are found at compile time', async (t) => {
  const sync = validatorCompiler({ schema: yup.object({ a: yup.number() }), method: 'POST', url: '/', httpPart: 'body' })
  const syncResult = sync({ a: '1' })
  t.notOk(syncResult instanceof Promise, 'no promise for a synchronous schema')
  t.strictSame(syncResult, { value: { a: 1 } })

  const nested = yup.object({ list: yup.array(yup.object({ name: signup.fields.username })) })
  const validate = validatorCompiler({ schema: nested, method: 'POST', url: '/', httpPart: 'body' })
  const first = validate({ list: [{ name: 'Ada' }] })
  t.ok(first instanceof Promise, 'an async test inside array items is found')
  t.strictSame(await first, { value: { list: [{ name: 'Ada' }] } })
})

t.test('a plain function returning a promise is found on the first call, which then goes async for good', async (t) => {
  let calls = 0
  const schema = yup.object({
    code: yup.string().test('known', '${path} is unknown', (value) => { calls++; return Promise.resolve(value === 'ok') })
  })
  const validate = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })
  const first = validate({ code: 'nope' })
  t.ok(first instanceof Promise)
  const failed = await first as { error: { message: string } }
  t.equal(failed.error.message, 'body/code is unknown')
  const second = validate({ code: 'ok' })
  t.ok(second instanceof Promise)
  t.strictSame(await second, { value: { code: 'ok' } })
  t.equal(calls, 3, 'the test ran twice on the first call (sync attempt, then async), once after')

  const app = enclave()
  t.teardown(() => app.close())
  app.post('/', { validatorCompiler, schema: { body: schema } }, async (request) => request.body)
  t.equal((await app.inject({ method: 'POST', url: '/', payload: { code: 'nope' } })).json().message, 'body/code is unknown')
  t.equal((await app.inject({ method: 'POST', url: '/', payload: { code: 'ok' } })).statusCode, 200)
})

t.test('async: true validates every schema with validate()', async (t) => {
  const compiler = createValidatorCompiler({ async: true })
  const validate = compiler({ schema: yup.object({ a: yup.number() }), method: 'POST', url: '/', httpPart: 'body' })
  const result = validate({ a: '2' })
  t.ok(result instanceof Promise)
  t.strictSame(await result, { value: { a: 2 } })
})

t.test('a __proto__ key that yup would throw on is refused with 400 by an async schema too', async (t) => {
  const app = enclave({ onProtoPoisoning: 'ignore' })
  t.teardown(() => app.close())
  app.post('/signup', { validatorCompiler, schema: { body: signup } }, async () => 'never')
  const response = await app.inject({ method: 'POST', url: '/signup', headers: { 'content-type': 'application/json' }, payload: '{"username":"grace","__proto__":{"x":1}}' })
  t.equal(response.statusCode, 400)
  t.equal(response.json().message, "body should NOT have a property named '__proto__'")
})
