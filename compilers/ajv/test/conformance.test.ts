import t from 'tap'
import { createValidatorCompiler } from '@enclave/ajv'
import { runConformance } from '../../kit/test/conformance/index.js'

const user = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    role: { type: 'string', default: 'member' },
    address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } }
  }
}
const validatorCompiler = createValidatorCompiler()

runConformance(t, {
  name: 'Ajv',
  validatorCompiler,
  // Responses keep the framework's serializer (fast-json-stringify), which reads the same JSON Schemas.
  serializerCompiler: undefined,
  bodyCoercingCompiler: validatorCompiler,
  schemas: {
    params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
    querystring: { type: 'object', properties: { n: { type: 'number' }, flag: { type: 'boolean', default: false } } },
    headers: { type: 'object', required: ['x-count'], properties: { 'x-count': { type: 'integer' } } },
    body: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } },
    user,
    users: { type: 'array', items: user }
  },
  coercesBody: true,
  unknownKeys: 'kept',
  protoKey: { query: 'data', body: 'dropped' },
  messages: {
    missingName: "body should have required property 'name'",
    ageType: 'body/age should be integer',
    ageFraction: 'body/age should be integer',
    tagItem: 'body/tags/1 should be string',
    bodyNotObject: 'body should be object',
    bodyArray: 'body should be object',
    nType: 'querystring/n should be number',
    idMin: 'params/id should be >= 1',
    idType: 'params/id should be integer',
    countMissing: "headers should have required property 'x-count'",
    countType: 'headers/x-count should be integer'
  }
})
