import t from 'tap'
import * as yup from 'yup'
import { serializerCompiler, validatorCompiler, YupValidationError } from '@enclave/yup'
import { runConformance } from '../../kit/test/conformance/index.js'

const user = yup.object({
  id: yup.number().integer().required(),
  name: yup.string().required(),
  // yup gives a missing object its default ({}); undefined keeps "absent" absent.
  address: yup.object({ city: yup.string().required() }).default(undefined)
})

runConformance(t, {
  name: 'yup',
  validatorCompiler,
  serializerCompiler,
  bodyCoercingCompiler: validatorCompiler,
  schemas: {
    params: yup.object({ id: yup.number().integer().min(1).required() }),
    querystring: yup.object({ n: yup.number(), flag: yup.boolean() }),
    headers: yup.object({ 'x-count': yup.number().integer().required() }),
    body: yup.object({ name: yup.string().required(), age: yup.number().integer() }),
    user,
    users: yup.array(user),
    capitalisedHeaders: yup.object({ 'X-Token': yup.string() })
  },
  coercesBody: true,
  unknownKeys: 'kept',
  protoKey: { refused: "querystring should NOT have a property named '__proto__'" },
  messages: {
    missingName: 'body/name is a required field',
    ageType: 'body/age should be number',
    bodyNotObject: 'body cannot be null',
    bodyArray: 'body should be object',
    nType: 'querystring/n should be number',
    idMin: 'params/id should be greater than or equal to 1',
    idType: 'params/id should be number',
    countMissing: 'headers/x-count is a required field',
    countType: 'headers/x-count should be number'
  },
  validationErrorClass: YupValidationError,
  isLibraryError: (cause) => cause instanceof yup.ValidationError,
  buildErrors: { codePrefix: 'ENC_ERR_YUP', notASchema: /expected a yup schema, got a plain object/ }
})
