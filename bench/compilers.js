// S7: the S3 body validated by each compiler, in-process, through the Enclave adapter's validator
// compiler (compilers/<name>/dist) when it is built, and by the library alone for reference; a
// missing adapter is reported as pending. Prints one JSON line: RESULT {...}.
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

const input = { method: 'POST', url: '/items', httpPart: 'body' }
const ajvValidate = createValidatorCompiler()({ schema: itemSchema, ...input })
const adapterAccepts = (result) => result !== null && typeof result === 'object' && result.error === undefined && typeof result.then !== 'function'

const libraries = [
  { name: 'Zod', adapter: 'zod', schema: zodSchema, raw: () => zodSchema.safeParse(item), rawVia: 'zod safeParse', rawAccepts: (r) => r.success === true },
  { name: 'Joi', adapter: 'joi', schema: joiSchema, raw: () => joiSchema.validate(item), rawVia: 'joi validate', rawAccepts: (r) => r.error === undefined },
  { name: 'Yup', adapter: 'yup', schema: yupSchema, raw: () => { try { return yupSchema.validateSync(item) } catch (error) { return error } }, rawVia: 'yup validateSync', rawAccepts: (r) => !(r instanceof Error) },
  { name: 'Standard Schema (valibot)', adapter: 'standard-schema', schema: valibotSchema, raw: () => valibotSchema['~standard'].validate(item), rawVia: "valibot through schema['~standard'].validate", rawAccepts: (r) => r.issues === undefined }
]

const cases = [{ name: 'Ajv', via: '@enclave/ajv (the default compiler)', fn: () => ajvValidate(item), accepts: (r) => r === true, bad: () => ajvValidate({ ...item, price: -1 }) === false }]
const pending = []
for (const library of libraries) {
  if (adapterBuilt(library.adapter)) {
    const { validatorCompiler } = await import(`@enclave/${library.adapter}`)
    const validate = validatorCompiler({ schema: library.schema, ...input })
    cases.push({ name: library.name, via: `@enclave/${library.adapter}`, fn: () => validate(item), accepts: adapterAccepts, bad: () => validate({ ...item, price: -1 }).error !== undefined })
  } else {
    pending.push(library.adapter)
  }
  // The library called directly, so the adapter's own cost can be read off.
  cases.push({ name: `${library.name}, library alone`, via: `${library.rawVia} (no adapter)`, fn: library.raw, accepts: library.rawAccepts })
}

for (const entry of cases) {
  if (!entry.accepts(entry.fn())) throw new Error(`${entry.name} rejects the S3 body`)
  if (entry.bad !== undefined && !entry.bad()) throw new Error(`${entry.name} accepts an invalid S3 body`)
}

const results = compare(cases, parseMicroArgs(process.argv)).map((result, i) => ({ ...result, via: cases[i].via }))
console.log('RESULT ' + JSON.stringify({ results, pendingAdapters: pending }))
