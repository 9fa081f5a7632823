import t from 'tap'
import * as yup from 'yup'
import * as namespace from '@enclave/yup'
import { serializerCompiler, validatorCompiler, YupSerializationError, YupValidationError } from '@enclave/yup'
import { runConformance } from '../../kit/test/conformance/index.js'

const user = yup.object({
  id: yup.number().integer().required(),
  name: yup.string().required(),
  role: yup.string().default('member'),
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
    querystring: yup.object({ n: yup.number(), flag: yup.boolean().default(false) }),
    headers: yup.object({ 'x-count': yup.number().integer().required() }),
    body: yup.object({ name: yup.string().required(), age: yup.number().integer(), tags: yup.array(yup.string().defined()) }),
    user,
    users: yup.array(user),
    capitalisedHeaders: yup.object({ 'X-Token': yup.string() }),
    asyncRuleThrowing: (outage) => yup.object({ id: yup.string().test('exists', 'unknown', async () => { throw outage }) })
  },
  coercesBody: true,
  unknownKeys: 'kept',
  protoKey: { query: { refused: "querystring should NOT have a property named '__proto__'" }, body: 'refused' },
  messages: {
    missingName: 'body/name is a required field',
    ageType: 'body/age should be number',
    ageFraction: 'body/age should be an integer',
    tagItem: 'body/tags/1 should be string',
    bodyNotObject: 'body cannot be null',
    bodyArray: 'body should be object',
    nType: 'querystring/n should be number',
    idMin: 'params/id should be greater than or equal to 1',
    idType: 'params/id should be number',
    countMissing: 'headers/x-count is a required field',
    countType: 'headers/x-count should be number'
  },
  responseMismatch: { errorClass: YupSerializationError, message: 'response/id is a required field' },
  module: { name: '@enclave/yup', namespace },
  validationErrorClass: YupValidationError,
  isLibraryError: (cause) => cause instanceof yup.ValidationError,
  buildErrors: { codePrefix: 'ENC_ERR_YUP', notASchema: /expected a yup schema, got a plain object/ }
})
