import t from 'tap'
import { createRequire } from 'node:module'
import enclaveYup, * as namespace from '@enclave/yup'
import {
  createSerializerCompiler,
  createValidatorCompiler,
  serializerCompiler,
  validatorCompiler,
  YupCompilerError,
  YupSerializationError,
  YupValidationError
} from '@enclave/yup'

t.test('the default export is the factory with the named values attached', async (t) => {
  t.equal(enclaveYup, createValidatorCompiler)
  t.equal(enclaveYup.default, createValidatorCompiler)
  t.equal(enclaveYup.createValidatorCompiler, createValidatorCompiler)
  t.equal(enclaveYup.validatorCompiler, validatorCompiler)
  t.equal(enclaveYup.createSerializerCompiler, createSerializerCompiler)
  t.equal(enclaveYup.serializerCompiler, serializerCompiler)
  t.equal(enclaveYup.YupValidationError, YupValidationError)
  t.equal(enclaveYup.YupCompilerError, YupCompilerError)
  t.equal(enclaveYup.YupSerializationError, YupSerializationError)
  t.equal((namespace as Record<string, unknown>)['module.exports'], enclaveYup)
})

t.test('require() returns the factory itself, like a CommonJS module would', async (t) => {
  const require = createRequire(import.meta.url)
  const required = require('@enclave/yup') as typeof enclaveYup
  t.equal(typeof required, 'function')
  t.equal(required.name, 'createValidatorCompiler')
  t.equal(typeof required.validatorCompiler, 'function')
  const yup = require('yup')
  const validate = required()({ schema: yup.object({ n: yup.number() }), method: 'GET', url: '/', httpPart: 'querystring' })
  t.strictSame(validate({ n: '3' }), { value: { n: 3 } })
})
