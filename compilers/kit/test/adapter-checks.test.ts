import t from 'tap'
import {
  calledAsCompilerMessage,
  coercedParts,
  describeValue,
  headerCaseMessage,
  isCompilerInput,
  isHttpPart,
  isPlainObject,
  notASchemaMessage,
  unknownHttpPartMessage,
  unknownPartMessage
} from '@enclave/compiler-kit'

t.test('http parts: the four known ones, nothing else', async (t) => {
  for (const part of ['body', 'querystring', 'params', 'headers']) t.ok(isHttpPart(part), part)
  for (const part of [undefined, 'query', 'response', 1]) t.notOk(isHttpPart(part), String(part))
  t.equal(unknownHttpPartMessage(undefined, 'GET / (undefined)'), 'GET / (undefined): httpPart must be one of body, querystring, params, headers, got undefined')
})

t.test('coerce option: true or absent is the string parts, false none, a list itself', async (t) => {
  t.strictSame([...coercedParts(undefined)], ['querystring', 'params', 'headers'])
  t.strictSame([...coercedParts(true)], ['querystring', 'params', 'headers'])
  t.strictSame([...coercedParts(false)], [])
  t.strictSame([...coercedParts(['body'])], ['body'])
})

t.test('capitalised header names are named with their lower-case form', async (t) => {
  t.equal(headerCaseMessage(['x-id', 'accept'], 'GET /'), undefined)
  t.equal(
    headerCaseMessage(['X-Id', 'accept', 'Auth'], 'GET / (headers)'),
    "GET / (headers): header names arrive lower-cased, so 'X-Id', 'Auth' would never be present; declare 'x-id', 'auth' instead."
  )
})

t.test('a value that is not a schema is described by what it looks like', async (t) => {
  t.equal(describeValue(null), 'null')
  t.equal(describeValue([]), 'an array')
  t.equal(describeValue('x'), 'string')
  t.equal(describeValue({ type: 'object' }), 'a plain object (JSON Schema?)')
  t.equal(describeValue(Object.create(null)), 'a plain object (JSON Schema?)')
  t.equal(describeValue(new Map()), 'an instance of Map')
  t.equal(
    notASchemaMessage({}, 'POST / (body)', { expected: 'a Lib schema', library: 'Lib', example: 'lib.object({ … })' }),
    'POST / (body): expected a Lib schema, got a plain object (JSON Schema?). Write the part as a Lib schema (lib.object({ … }), not a record of Lib schemas), or give the route another compiler.'
  )
})

t.test('factory options: objects, a compiler input given by mistake, unknown part keys', async (t) => {
  t.ok(isPlainObject({}))
  t.notOk(isPlainObject([]))
  t.notOk(isPlainObject(null))
  t.ok(isCompilerInput({ httpPart: 'body' }))
  t.ok(isCompilerInput({ schema: {}, method: 'GET' }))
  t.notOk(isCompilerInput({ abortEarly: false }))
  t.match(calledAsCompilerMessage, /pass validatorCompiler/)
  t.equal(unknownPartMessage({ body: {}, headers: {} }), undefined)
  t.equal(unknownPartMessage({ query: {} }), 'createValidatorCompiler(options): options.parts.query is not a request part (body, querystring, params, headers)')
})
