// S7: the S3 body validated by each compiler, in-process. Where the Enclave adapter package is built
// (compilers/<name>/dist) it is measured through the adapter's validator compiler; otherwise the raw
// library is measured and the result says so. Prints one JSON line: RESULT {...}.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createValidatorCompiler } from '@enclave/ajv'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import * as v from 'valibot'
import { item, itemSchema } from './scenarios.js'
import { compare, parseMicroArgs } from './micro.js'

const categories = ['tools', 'garden', 'kitchen', 'office', 'toys']

const zodSchema = z.strictObject({
  name: z.string().min(1).max(120),
  description: z.string().max(4000),
  price: z.number().min(0),
  quantity: z.number().int().min(0).max(100000),
  category: z.enum(categories),
  tags: z.array(z.string().max(40)).max(20),
  available: z.boolean(),
  dimensions: z.strictObject({ width: z.number().min(0), height: z.number().min(0), depth: z.number().min(0) })
})

const joiSchema = Joi.object({
  name: Joi.string().min(1).max(120).required(),
  description: Joi.string().max(4000).required(),
  price: Joi.number().min(0).required(),
  quantity: Joi.number().integer().min(0).max(100000).required(),
  category: Joi.string().valid(...categories).required(),
  tags: Joi.array().items(Joi.string().max(40)).max(20).required(),
  available: Joi.boolean().required(),
  dimensions: Joi.object({
    width: Joi.number().min(0).required(),
    height: Joi.number().min(0).required(),
    depth: Joi.number().min(0).required()
  }).required()
})

const yupSchema = yup.object({
  name: yup.string().min(1).max(120).required(),
  description: yup.string().max(4000).defined(),
  price: yup.number().min(0).required(),
  quantity: yup.number().integer().min(0).max(100000).required(),
  category: yup.string().oneOf(categories).required(),
  tags: yup.array(yup.string().max(40).defined()).max(20).required(),
  available: yup.boolean().required(),
  dimensions: yup.object({
    width: yup.number().min(0).required(),
    height: yup.number().min(0).required(),
    depth: yup.number().min(0).required()
  }).noUnknown().required()
}).noUnknown()

const valibotSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
  description: v.pipe(v.string(), v.maxLength(4000)),
  price: v.pipe(v.number(), v.minValue(0)),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100000)),
  category: v.picklist(categories),
  tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(20)),
  available: v.boolean(),
  dimensions: v.strictObject({
    width: v.pipe(v.number(), v.minValue(0)),
    height: v.pipe(v.number(), v.minValue(0)),
    depth: v.pipe(v.number(), v.minValue(0))
  })
})

function adapterBuilt (name) {
  return existsSync(fileURLToPath(new URL(`../compilers/${name}/dist/index.js`, import.meta.url)))
}

const ajvValidate = createValidatorCompiler()({ schema: itemSchema, method: 'POST', url: '/items', httpPart: 'body' })

const cases = [
  { name: 'Ajv', via: '@enclave/ajv', fn: () => ajvValidate(item), valid: (r) => r === true },
  { name: 'Zod', via: 'zod (raw library)', fn: () => zodSchema.safeParse(item), valid: (r) => r.success === true },
  { name: 'Joi', via: 'joi (raw library)', fn: () => joiSchema.validate(item), valid: (r) => r.error === undefined },
  { name: 'Yup', via: 'yup (raw library, validateSync)', fn: () => { try { return yupSchema.validateSync(item) } catch (error) { return error } }, valid: (r) => !(r instanceof Error) },
  { name: 'Standard Schema (valibot)', via: "valibot through schema['~standard'].validate (raw library)", fn: () => valibotSchema['~standard'].validate(item), valid: (r) => r.issues === undefined }
]

const pending = ['zod', 'joi', 'yup', 'standard-schema'].filter((name) => !adapterBuilt(name))

for (const entry of cases) {
  if (!entry.valid(entry.fn())) throw new Error(`${entry.name} rejects the S3 body`)
}

const results = compare(cases, parseMicroArgs(process.argv)).map((result, i) => ({ ...result, via: cases[i].via }))
console.log('RESULT ' + JSON.stringify({ results, pendingAdapters: pending }))
