import t, { type Test } from 'tap'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import * as v from 'valibot'
import enclave, { type EnclaveInstance } from '@enclave/core'
import { validatorCompiler as zodCompiler } from '@enclave/zod'
import { validatorCompiler as joiCompiler } from '@enclave/joi'
import { validatorCompiler as yupCompiler } from '@enclave/yup'
import { validatorCompiler as standardCompiler } from '@enclave/standard-schema'

// An absent body is validated as null (as Fastify does): each adapter receives null, so a schema
// that allows null accepts an empty request and an object schema refuses it with a 400.
const adapters = [
  { name: 'zod', compiler: zodCompiler, required: z.object({ name: z.string() }), nullable: z.object({ name: z.string() }).nullable() },
  { name: 'joi', compiler: joiCompiler, required: Joi.object({ name: Joi.string().required() }).required(), nullable: Joi.object({ name: Joi.string().required() }).allow(null) },
  { name: 'yup', compiler: yupCompiler, required: yup.object({ name: yup.string().required() }).nonNullable().required(), nullable: yup.object({ name: yup.string().required() }).nullable() },
  { name: 'standard-schema (valibot)', compiler: standardCompiler, required: v.object({ name: v.string() }), nullable: v.nullable(v.object({ name: v.string() })) }
]

function build (t: Test, compiler: unknown): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  app.setValidatorCompiler(compiler as any)
  return app
}

for (const adapter of adapters) {
  t.test(`${adapter.name}: an absent body reaches the validator as null`, async (t) => {
    const app = build(t, adapter.compiler)
    app.post('/required', { schema: { body: adapter.required } }, async (request) => ({ body: request.body ?? null }))
    app.post('/nullable', { schema: { body: adapter.nullable } }, async (request) => ({ body: request.body === undefined ? 'undefined' : request.body }))

    const refused = await app.inject({ method: 'POST', url: '/required' })
    t.equal(refused.statusCode, 400, 'an object schema refuses an empty request')
    t.match(refused.json(), { statusCode: 400, error: 'Bad Request', message: /^body/ })
    t.equal((await app.inject({ method: 'POST', url: '/required', payload: { name: 'x' } })).statusCode, 200)

    const accepted = await app.inject({ method: 'POST', url: '/nullable' })
    t.equal(accepted.statusCode, 200, 'a nullable schema accepts an empty request')
    t.strictSame(accepted.json(), { body: 'undefined' }, 'request.body stays undefined, as in Fastify')
    t.strictSame((await app.inject({ method: 'POST', url: '/nullable', payload: { name: 'x' } })).json(), { body: { name: 'x' } })
  })
}
