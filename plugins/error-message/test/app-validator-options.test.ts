import t from 'tap'
import enclave, { type EnclaveInstance } from '@enclave/core'
import ajvErrors from 'ajv-errors'
import errorMessage from '@enclave/error-message'

t.test("the context keeps the application's Ajv customOptions and plugins, plus errorMessage", async (t) => {
  const app = enclave({
    ajv: {
      customOptions: { removeAdditional: false },
      plugins: [function addUpper (ajv: any) {
        ajv.addKeyword({ keyword: 'upper', type: 'string', validate: (_: unknown, data: string) => data === data.toUpperCase(), errors: false })
      }]
    }
  })
  t.teardown(() => app.close())
  app.register(async function child (child: EnclaveInstance) {
    await child.register(errorMessage)
    child.post('/', {
      schema: { body: { type: 'object', properties: { code: { type: 'string', upper: true } }, additionalProperties: false, errorMessage: { properties: { code: 'code should be upper case' } } } }
    }, (request) => request.body)
  })
  const lower = await app.inject({ method: 'POST', url: '/', payload: { code: 'abc' } })
  t.equal(lower.json().message, 'body/code code should be upper case', "the application's keyword works in the context")
  const extra = await app.inject({ method: 'POST', url: '/', payload: { code: 'ABC', other: 1 } })
  t.equal(extra.statusCode, 400, 'removeAdditional: false from the application still applies (extra property refused)')
})

t.test('an application that already installs ajv-errors can still register the plugin', async (t) => {
  const app = enclave({ ajv: { customOptions: { allErrors: true }, plugins: [[ajvErrors.default, { singleError: true }]] } })
  t.teardown(() => app.close())
  await app.register(errorMessage, { maxErrors: 2 })
  app.post('/', { schema: { body: { type: 'array', items: { type: 'integer' } } } }, () => 'ok')
  const response = await app.inject({ method: 'POST', url: '/', payload: ['a', 'b', 'c'] })
  t.equal(response.statusCode, 400)
  t.equal(response.json().message, 'body/0 should be integer, body/1 should be integer', 'the plugin options and cap apply')
})
