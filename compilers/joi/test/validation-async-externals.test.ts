import t from 'tap'
import enclave from '@enclave/core'
import Joi from 'joi'
import { createValidatorCompiler, validatorCompiler } from '@enclave/joi'

const takenNames = new Set(['admin', 'root'])

async function checkAvailable (value: string, helpers: Joi.ExternalHelpers) {
  await new Promise((resolve) => setImmediate(resolve))
  if (takenNames.has(value)) return helpers.message({ external: '{{#label}} is already taken' })
  return value.toLowerCase()
}

const signup = Joi.object({
  username: Joi.string().required().external(checkAvailable),
  age: Joi.number().integer().min(0)
})

function buildApp () {
  const app = enclave()
  app.post('/signup', { validatorCompiler, schema: { body: signup } }, async (request) => request.body)
  return app
}

t.test('a schema with external rules is validated asynchronously; the external may rewrite the value', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/signup', payload: { username: 'Grace', age: '36' } })
  t.equal(res.statusCode, 200)
  t.strictSame(res.json(), { username: 'grace', age: 36 })
})

t.test('an external that reports an error answers 400 in the default structure', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/signup', payload: { username: 'admin' } })
  t.equal(res.statusCode, 400)
  t.strictSame(res.json(), { statusCode: 400, error: 'Bad Request', message: 'body/username is already taken' })
})

t.test('the synchronous rules run first: an external is not called when they fail', async (t) => {
  const app = buildApp()
  t.teardown(() => app.close())
  const res = await app.inject({ method: 'POST', url: '/signup', payload: { username: 'admin', age: -1 } })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'body/age should be greater than or equal to 0')
})

t.test('synchronous schemas give a synchronous result, schemas with externals a promise', async (t) => {
  const sync = validatorCompiler({ schema: Joi.object({ a: Joi.number() }), method: 'POST', url: '/', httpPart: 'body' })
  const syncResult = sync({ a: '1' })
  t.notOk(syncResult instanceof Promise, 'no promise for a schema without externals')
  t.strictSame(syncResult, { value: { a: 1 } })

  const async = validatorCompiler({ schema: signup, method: 'POST', url: '/', httpPart: 'body' })
  const asyncResult = async({ username: 'Ada' })
  t.ok(asyncResult instanceof Promise, 'a promise for a schema with an external')
  t.strictSame(await asyncResult, { value: { username: 'ada' } })
})

t.test('externals: false skips external rules and validates synchronously', async (t) => {
  const compiler = createValidatorCompiler({ externals: false })
  const validate = compiler({ schema: signup, method: 'POST', url: '/', httpPart: 'body' })
  const result = validate({ username: 'admin' })
  t.notOk(result instanceof Promise)
  t.strictSame(result, { value: { username: 'admin' } }, 'the external did not run')
})
