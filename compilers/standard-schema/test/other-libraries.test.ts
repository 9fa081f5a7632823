import t, { type Test } from 'tap'
import Joi from 'joi'
import * as yup from 'yup'
import { validatorCompiler } from '@enclave/standard-schema'
import { appWith, badRequest } from '../../kit/test/fixtures/app.js'

/** yup ≥ 1.7 and joi ≥ 18 implement `~standard` too; their own adapters add their options and wording. */
const build = (t: Test) => appWith(t, { validatorCompiler })

t.test('yup through the Standard Schema adapter', async (t) => {
  const app = build(t)
  app.post('/:id', {
    schema: {
      params: yup.object({ id: yup.number().required() }),
      querystring: yup.object({ flag: yup.boolean() }),
      body: yup.object({ name: yup.string().required(), age: yup.number().required() })
    }
  }, async (request) => ({ params: request.params, query: request.query, body: request.body }))

  t.strictSame((await app.inject({ method: 'POST', url: '/7?flag=true', payload: { name: 'Ada', age: 3 } })).json(), { params: { id: 7 }, query: { flag: true }, body: { name: 'Ada', age: 3 } })
  t.strictSame((await app.inject({ method: 'POST', url: '/7', payload: { age: 3 } })).json(), badRequest('body/name name is a required field'))
})

t.test('joi through the Standard Schema adapter', async (t) => {
  const app = build(t)
  app.post('/:id', {
    schema: {
      params: Joi.object({ id: Joi.number().required() }),
      querystring: Joi.object({ ids: Joi.array().items(Joi.number()) }),
      body: Joi.object({ name: Joi.string().required() })
    }
  }, async (request) => ({ params: request.params, query: request.query, body: request.body }))

  t.strictSame((await app.inject({ method: 'POST', url: '/7?ids=1', payload: { name: 'Ada' } })).json(), { params: { id: 7 }, query: { ids: [1] }, body: { name: 'Ada' } })
  t.strictSame((await app.inject({ method: 'POST', url: '/7', payload: {} })).json(), badRequest('body/name "name" is required'))
  t.strictSame((await app.inject({ method: 'POST', url: '/7', payload: { name: 'Ada', x: 1 } })).json(), badRequest('body/x "x" is not allowed'), 'joi rejects unknown keys by default')
})
