import t from 'tap'
import { z } from 'zod'
import * as namespace from '@enclave/zod'
import { createValidatorCompiler, serializerCompiler, validatorCompiler, ZodValidationError } from '@enclave/zod'
import { runConformance } from '../../kit/test/conformance/index.js'

const user = z.object({ id: z.int(), name: z.string(), role: z.string().default('member'), address: z.object({ city: z.string() }).optional() })

runConformance(t, {
  name: 'Zod',
  validatorCompiler,
  serializerCompiler,
  bodyCoercingCompiler: createValidatorCompiler({ coerce: ['body'] }),
  schemas: {
    params: z.object({ id: z.int().min(1) }),
    querystring: z.object({ n: z.number().optional(), flag: z.boolean().default(false) }),
    headers: z.object({ 'x-count': z.int() }),
    body: z.object({ name: z.string(), age: z.int().optional(), tags: z.array(z.string()).optional() }),
    user,
    users: z.array(user),
    capitalisedHeaders: z.object({ 'X-Token': z.string().optional() }),
    asyncRuleThrowing: (outage) => z.object({ id: z.string().refine(async () => { throw outage }).optional() })
  },
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
