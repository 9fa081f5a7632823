import t from 'tap'
import { describeIssues, ResponseMismatchError, SchemaCompilerError, SchemaValidationError } from '@enclave/compiler-kit'

const issues = [
  { instancePath: '/age', schemaPath: '#', keyword: 'type', params: {}, message: 'must be number' },
  { instancePath: '', schemaPath: '#', keyword: 'required', params: {}, message: "must have required property 'name'" }
]

class LibValidationError extends SchemaValidationError {}
class LibCompilerError extends SchemaCompilerError {}
class LibSerializationError extends ResponseMismatchError {}

t.test('a validation error has the shape core reads, under the subclass name', async (t) => {
  const cause = new Error('library')
  const error = new LibValidationError('body', issues, cause)
  t.ok(error instanceof Error)
  t.equal(error.name, 'LibValidationError')
  t.equal(error.code, 'FST_ERR_VALIDATION')
  t.equal(error.statusCode, 400)
  t.equal(error.validation, issues)
  t.equal(error.validationContext, 'body')
  t.equal(error.cause, cause)
  t.equal(error.message, "body/age must be number, body must have required property 'name'")
})

t.test('a compiler error carries its code and statusCode 500', async (t) => {
  const cause = new Error('why')
  const error = new LibCompilerError('ENC_ERR_LIB_NOT_A_SCHEMA', 'not a schema', { cause })
  t.equal(error.name, 'LibCompilerError')
  t.equal(error.code, 'ENC_ERR_LIB_NOT_A_SCHEMA')
  t.equal(error.statusCode, 500)
  t.equal(error.message, 'not a schema')
  t.equal(error.cause, cause)
})

t.test('a response mismatch has no statusCode, so core answers it as a 500', async (t) => {
  const error = new LibSerializationError('ENC_ERR_LIB_RESPONSE_MISMATCH', describeIssues('response', issues), issues)
  t.equal(error.name, 'LibSerializationError')
  t.equal(error.code, 'ENC_ERR_LIB_RESPONSE_MISMATCH')
  t.notOk('statusCode' in error)
  t.equal(error.validation, issues)
  t.equal(error.message, "response/age must be number, response must have required property 'name'")
})

t.test('no issues, no message', async (t) => {
  t.equal(describeIssues('body', []), '')
})
