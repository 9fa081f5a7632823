import t, { type Test } from 'tap'
import { z } from 'zod'
import type { EnclaveInstance } from '@enclave/core'
import { createValidatorCompiler as createAjvValidatorCompiler } from '@enclave/ajv'
import { validatorCompiler as zodValidatorCompiler } from '@enclave/zod'
import { appWith, badRequest } from '../../kit/test/fixtures/app.js'

const build = (t: Test) => appWith(t)

const post = (app: EnclaveInstance, url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object })

t.test('by schema kind: Zod schemas to Zod, JSON Schemas to Ajv, in one server-wide compiler', async (t) => {
  const ajv = createAjvValidatorCompiler()
  const app = build(t)
  app.setValidatorCompiler(function bySchemaKind (input) {
    return input.schema?._zod !== undefined ? zodValidatorCompiler(input) : ajv(input)
  })
  app.post('/zod', { schema: { body: z.object({ n: z.number() }) } }, async (request) => request.body)
  app.post('/json', { schema: { body: { type: 'object', properties: { n: { type: 'number' } } } } }, async (request) => request.body)

  t.strictSame((await post(app, '/zod', { n: '1' })).json(), badRequest('body/n should be number'))
  t.strictSame((await post(app, '/json', { n: '1' })).json(), { n: 1 })
})
