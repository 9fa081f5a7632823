import t from 'tap'
import { createRequire } from 'node:module'
import zodCompilers, * as namespace from '@enclave/zod'

t.test('the default export is createValidatorCompiler with the named values attached', async (t) => {
  t.equal(zodCompilers, namespace.createValidatorCompiler)
  t.equal(zodCompilers.default, namespace.createValidatorCompiler)
  t.equal(zodCompilers.validatorCompiler, namespace.validatorCompiler)
  t.equal(zodCompilers.createSerializerCompiler, namespace.createSerializerCompiler)
  t.equal(zodCompilers.serializerCompiler, namespace.serializerCompiler)
  t.equal(zodCompilers.ZodValidationError, namespace.ZodValidationError)
  t.equal(namespace['module.exports'], zodCompilers)
})

t.test('require() returns the factory itself', async (t) => {
  const require = createRequire(import.meta.url)
  const required = require('@enclave/zod') as typeof zodCompilers
  t.equal(typeof required, 'function')
  t.equal(required.name, 'createValidatorCompiler')
  t.equal(typeof required.validatorCompiler, 'function')
  t.equal(typeof required.serializerCompiler, 'function')
})
