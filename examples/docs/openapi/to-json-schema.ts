import enclave from '@enclave/core'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import { toJSONSchema as zodToJSONSchema } from '@enclave/zod'
import { toJSONSchema as joiToJSONSchema } from '@enclave/joi'
import { toJSONSchema as yupToJSONSchema } from '@enclave/yup'

const Slug = z.string().regex(/^[a-z-]+$/).refine((slug) => !slug.startsWith('-'))
console.log(zodToJSONSchema(Slug, { target: 'openapi-3.0' }))
// { type: 'string', pattern: '^[a-z-]+$', 'x-enclave-unrepresentable': 'refinement: checked in code (.refine/.superRefine/.check)' }

console.log(joiToJSONSchema(Joi.string().allow(null), { target: 'openapi-3.0' }))
// { nullable: true, type: 'string', minLength: 1 }

console.log(yupToJSONSchema(yup.number().integer().nullable(), { target: 'draft-2020-12' }))
// { type: [ 'null', 'integer' ] }

console.log(zodToJSONSchema(z.object({ at: z.iso.datetime() }).transform((value) => new Date(value.at)), { io: 'output' }))
// { 'x-enclave-unrepresentable': 'transform: the value is computed in code' }

// A route kept on the default compiler can share the definition (draft-07, the default target).
const app = enclave()
app.addSchema({ $id: 'slug', ...zodToJSONSchema(z.string().regex(/^[a-z-]+$/)) })
app.get('/articles/:slug', { schema: { params: { type: 'object', properties: { slug: { $ref: 'slug#' } } } } }, async (request) => request.params)
console.log((await app.inject('/articles/Not-A-Slug')).json().message) // params/slug should match pattern "^[a-z-]+$"

export default app
