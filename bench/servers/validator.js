// The S3 validator for peers without a schema system: Ajv compiled at start-up with Fastify's
// default options, called in the handler — what such apps do in practice.
import Ajv from 'ajv'
import { itemSchema } from '../scenarios.js'

const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false })
export const validateItem = ajv.compile(itemSchema)

export const badRequest = { statusCode: 400, error: 'Bad Request', message: 'body is invalid' }
