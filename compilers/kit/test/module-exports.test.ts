import t from 'tap'
import { createRequire } from 'node:module'
import kit, * as namespace from '@enclave/compiler-kit'
import { createStringCoercer, SchemaValidationError } from '@enclave/compiler-kit'

t.test('the default export is an object holding the named values', async (t) => {
  t.equal(kit.SchemaValidationError, SchemaValidationError)
  t.equal(kit.createStringCoercer, createStringCoercer)
  t.equal((namespace as Record<string, unknown>)['module.exports'], kit)
})

t.test('require() returns the same object', async (t) => {
  const require = createRequire(import.meta.url)
  t.equal(require('@enclave/compiler-kit'), kit)
})
