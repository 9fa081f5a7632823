import t from 'tap'
import { z } from 'zod'
import * as namespace from '@enclave/zod'
import { createValidatorCompiler, serializerCompiler, validatorCompiler, ZodValidationError } from '@enclave/zod'
import { runConformance } from '../../kit/test/conformance/index.js'
import { zodConformanceSchemas } from '../../kit/test/fixtures/zod-conformance-schemas.js'

runConformance(t, {
  name: 'Zod',
  validatorCompiler,
  serializerCompiler,
  bodyCoercingCompiler: createValidatorCompiler({ coerce: ['body'] }),
  schemas: zodConformanceSchemas,
  coercesBody: false,
  unknownKeys: 'stripped',
  protoKey: { query: 'data', body: 'dropped' },
  messages: {
    missingName: "body should have required property 'name'",
    ageType: 'body/age should be number',
    ageFraction: 'body/age should be integer',
    tagItem: 'body/tags/1 should be string',
    bodyNotObject: 'body should be object',
    bodyArray: 'body should be object',
    nType: 'querystring/n should be number',
    idMin: 'params/id should be >= 1',
    idType: 'params/id should be number',
    countMissing: "headers should have required property 'x-count'",
    countType: 'headers/x-count should be number'
  },
  module: { name: '@enclave/zod', namespace },
  validationErrorClass: ZodValidationError,
  isLibraryError: (cause) => cause instanceof z.ZodError,
  buildErrors: { codePrefix: 'ENC_ERR_ZOD', notASchema: /expected a Zod 4 schema, got a plain object/ }
})
