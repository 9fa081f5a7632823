import { createRequire } from 'node:module'
import enclave, { errorCodes } from '@enclave/core'

// The same module object either way: require() returns the 'module.exports' binding.
const require = createRequire(import.meta.url)
const required = require('@enclave/core')
console.log(required === enclave, required.errorCodes === errorCodes, typeof required.default) // true true function

export default required()
