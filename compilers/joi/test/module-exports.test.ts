import t from 'tap'
import { createRequire } from 'node:module'
import enclaveJoi, * as namespace from '@enclave/joi'
import {
  createSerializerCompiler,
  createValidatorCompiler,
  JoiCompilerError,
  JoiSerializationError,
  JoiValidationError,
  serializerCompiler,
  validatorCompiler
} from '@enclave/joi'

t.test('the default export is the factory with the named values attached', async (t) => {
  t.equal(enclaveJoi, createValidatorCompiler)
  t.equal(enclaveJoi.default, createValidatorCompiler)
  t.equal(enclaveJoi.createValidatorCompiler, createValidatorCompiler)
  t.equal(enclaveJoi.validatorCompiler, validatorCompiler)
  t.equal(enclaveJoi.createSerializerCompiler, createSerializerCompiler)
  t.equal(enclaveJoi.serializerCompiler, serializerCompiler)
  t.equal(enclaveJoi.JoiValidationError, JoiValidationError)
  t.equal(enclaveJoi.JoiCompilerError, JoiCompilerError)
  t.equal(enclaveJoi.JoiSerializationError, JoiSerializationError)
  t.equal((namespace as Record<string, unknown>)['module.exports'], enclaveJoi)
})

t.test('require() returns the factory itself, like a CommonJS module would', async (t) => {
  const require = createRequire(import.meta.url)
  const required = require('@enclave/joi') as typeof enclaveJoi
  t.equal(typeof required, 'function')
  t.equal(required.name, 'createValidatorCompiler')
  t.equal(typeof required.validatorCompiler, 'function')
  const Joi = require('joi')
  const validate = required()({ schema: Joi.object({ n: Joi.number() }), method: 'GET', url: '/', httpPart: 'querystring' })
  t.strictSame(validate({ n: '3' }), { value: { n: 3 } })
})
