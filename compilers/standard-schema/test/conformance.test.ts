import t from 'tap'
import * as v from 'valibot'
import * as namespace from '@enclave/standard-schema'
import { createValidatorCompiler, serializerCompiler, StandardSchemaSerializationError, StandardSchemaValidationError, validatorCompiler } from '@enclave/standard-schema'
import { runConformance } from '../../kit/test/conformance/index.js'
import { zodConformanceSchemas } from '../../kit/test/fixtures/zod-conformance-schemas.js'

// Two libraries through the one adapter, with no code specific to either: valibot has no JSON
// Schema export, zod 4 exposes `~standard.jsonSchema` (so it is converted up front).
const bodyCoercingCompiler = createValidatorCompiler({ coerce: ['body'] })
const hasIssues = (cause: unknown) => Array.isArray((cause as { issues?: unknown } | undefined)?.issues)

const valibotUser = v.object({ id: v.pipe(v.number(), v.integer()), name: v.string(), role: v.optional(v.string(), 'member'), address: v.optional(v.object({ city: v.string() })) })

runConformance(t, {
  name: 'valibot through Standard Schema',
  validatorCompiler,
  serializerCompiler,
  bodyCoercingCompiler,
  schemas: {
    params: v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
    querystring: v.object({ n: v.optional(v.number()), flag: v.optional(v.boolean(), false) }),
    headers: v.object({ 'x-count': v.pipe(v.number(), v.integer()) }),
    body: v.object({ name: v.string(), age: v.optional(v.pipe(v.number(), v.integer())), tags: v.optional(v.array(v.string())) }),
    user: valibotUser,
    users: v.array(valibotUser),
    asyncRuleThrowing: (outage) => v.objectAsync({ id: v.optionalAsync(v.pipeAsync(v.string(), v.checkAsync(async () => { throw outage }, 'never'))) })
    // No capitalisedHeaders: without a JSON Schema the adapter cannot read the names at build time.
  },
  coercesBody: false,
  unknownKeys: 'stripped',
  protoKey: { query: 'data', body: 'dropped' },
  messages: {
    missingName: 'body/name Invalid key: Expected "name" but received undefined',
    ageType: 'body/age Invalid type: Expected number but received "old"',
    ageFraction: 'body/age Invalid integer: Received 1.5',
    tagItem: 'body/tags/1 Invalid type: Expected string but received Object',
    bodyNotObject: 'body Invalid type: Expected Object but received null',
    // valibot takes an array for an object, so the missing key is what fails.
    bodyArray: 'body/name Invalid key: Expected "name" but received undefined',
    nType: 'querystring/n Invalid type: Expected number but received "five"',
    idMin: 'params/id Invalid value: Expected >=1 but received 0',
    idType: 'params/id Invalid type: Expected number but received "x"',
    countMissing: 'headers/x-count Invalid key: Expected "x-count" but received undefined',
    countType: 'headers/x-count Invalid type: Expected number but received "many"'
  },
  responseMismatch: { errorClass: StandardSchemaSerializationError, message: 'response/id Invalid key: Expected "id" but received undefined' },
  module: { name: '@enclave/standard-schema', namespace },
  validationErrorClass: StandardSchemaValidationError,
  isLibraryError: hasIssues,
  buildErrors: { codePrefix: 'ENC_ERR_STANDARD_SCHEMA', notASchema: /expected a Standard Schema/ }
})

runConformance(t, {
  name: 'zod 4 through Standard Schema',
  validatorCompiler,
  serializerCompiler,
  bodyCoercingCompiler,
  schemas: zodConformanceSchemas,
  coercesBody: false,
  unknownKeys: 'stripped',
  protoKey: { query: 'data', body: 'dropped' },
  messages: {
    missingName: 'body/name Invalid input: expected string, received undefined',
    ageType: 'body/age Invalid input: expected number, received string',
    ageFraction: 'body/age Invalid input: expected int, received number',
    tagItem: 'body/tags/1 Invalid input: expected string, received object',
    bodyNotObject: 'body Invalid input: expected object, received null',
    bodyArray: 'body Invalid input: expected object, received array',
    nType: 'querystring/n Invalid input: expected number, received string',
    idMin: 'params/id Too small: expected number to be >=1',
    idType: 'params/id Invalid input: expected number, received string',
    countMissing: 'headers/x-count Invalid input: expected number, received undefined',
    countType: 'headers/x-count Invalid input: expected number, received string'
  },
  validationErrorClass: StandardSchemaValidationError,
  isLibraryError: hasIssues,
  buildErrors: { codePrefix: 'ENC_ERR_STANDARD_SCHEMA', notASchema: /expected a Standard Schema/ }
})
