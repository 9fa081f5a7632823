import t from 'tap'
import Joi from 'joi'
import * as namespace from '@enclave/joi'
import { JoiSerializationError, JoiValidationError, serializerCompiler, validatorCompiler } from '@enclave/joi'
import { runConformance } from '../../kit/test/conformance/index.js'

const user = Joi.object({
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  role: Joi.string().default('member'),
  address: Joi.object({ city: Joi.string().required() })
})

runConformance(t, {
  name: 'Joi',
  validatorCompiler,
  serializerCompiler,
  bodyCoercingCompiler: validatorCompiler,
  schemas: {
    params: Joi.object({ id: Joi.number().integer().min(1).required() }),
    querystring: Joi.object({ n: Joi.number(), flag: Joi.boolean().default(false) }),
    headers: Joi.object({ 'x-count': Joi.number().integer().required() }),
    body: Joi.object({ name: Joi.string().required(), age: Joi.number().integer(), tags: Joi.array().items(Joi.string()) }),
    user,
    users: Joi.array().items(user),
    capitalisedHeaders: Joi.object({ 'X-Token': Joi.string() }),
    asyncRuleThrowing: (outage) => Joi.object({ id: Joi.string().external(async () => { throw outage }) })
  },
  coercesBody: true,
  unknownKeys: 'refused',
  protoKey: { query: { refused: 'querystring/__proto__ is not allowed' }, body: 'dropped' },
  messages: {
    missingName: 'body/name is required',
    ageType: 'body/age should be a number',
    ageFraction: 'body/age should be an integer',
    tagItem: 'body/tags/1 should be a string',
    unknownKey: 'body/extra is not allowed',
    bodyNotObject: 'body should be of type object',
    bodyArray: 'body should be of type object',
    nType: 'querystring/n should be a number',
    idMin: 'params/id should be greater than or equal to 1',
    idType: 'params/id should be a number',
    countMissing: 'headers/x-count is required',
    countType: 'headers/x-count should be a number'
  },
  responseMismatch: { errorClass: JoiSerializationError, message: 'response/id is required' },
  module: { name: '@enclave/joi', namespace },
  validationErrorClass: JoiValidationError,
  isLibraryError: (cause) => Joi.isError(cause),
  buildErrors: { codePrefix: 'ENC_ERR_JOI', notASchema: /expected a Joi schema, got a plain object/ }
})
