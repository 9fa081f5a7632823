import t from 'tap'
import { createRequire } from 'node:module'
import standardSchemaCompilers, * as namespace from '@enclave/standard-schema'

t.test('the default export is createValidatorCompiler with the named values attached', async (t) => {
  t.equal(standardSchemaCompilers, namespace.createValidatorCompiler)
  t.equal(standardSchemaCompilers.default, namespace.createValidatorCompiler)
  t.equal(standardSchemaCompilers.validatorCompiler, namespace.validatorCompiler)
  t.equal(standardSchemaCompilers.createSerializerCompiler, namespace.createSerializerCompiler)
  t.equal(standardSchemaCompilers.serializerCompiler, namespace.serializerCompiler)
  t.equal(standardSchemaCompilers.StandardSchemaValidationError, namespace.StandardSchemaValidationError)
  t.equal(namespace['module.exports'], standardSchemaCompilers)
})

t.test('require() returns the factory itself', async (t) => {
  const require = createRequire(import.meta.url)
  const required = require('@enclave/standard-schema') as typeof standardSchemaCompilers
  t.equal(typeof required, 'function')
  t.equal(required.name, 'createValidatorCompiler')
  t.equal(typeof required.validatorCompiler, 'function')
  t.equal(typeof required.serializerCompiler, 'function')
})
