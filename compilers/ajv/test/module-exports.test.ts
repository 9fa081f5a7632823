import t from 'tap'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import enclaveAjv, {
  createValidatorCompiler,
  createValidatorCompilerFactory,
  defaultAjvOptions
} from '../src/index.js'
import * as namespace from '../src/index.js'

t.test('the default export is the factory with the named values attached', async function (t) {
  t.equal(typeof enclaveAjv, 'function')
  t.equal(enclaveAjv.createValidatorCompilerFactory, createValidatorCompilerFactory)
  t.equal(enclaveAjv.default, createValidatorCompilerFactory)
  t.equal(enclaveAjv.createValidatorCompiler, createValidatorCompiler)
  t.equal(enclaveAjv.defaultAjvOptions, defaultAjvOptions)
  t.equal(namespace['module.exports'], enclaveAjv)
})

// Node's require(esm) is what honours the 'module.exports' binding; tap's TypeScript loader does not
// route require() of a .ts file through it, so this check loads the build output.
const built = new URL('../dist/index.js', import.meta.url)

t.test('require() of the build returns the factory itself', { skip: existsSync(built) ? false : 'run `tsc -p compilers/ajv` first' }, async function (t) {
  const require = createRequire(import.meta.url)
  const required = require(fileURLToPath(built)) as typeof enclaveAjv
  t.equal(typeof required, 'function')
  t.equal(required.name, 'createValidatorCompilerFactory')
  t.equal(typeof required.createValidatorCompiler, 'function')
  t.equal(required.default, required)
  const validate = required()({})({ schema: { type: 'integer' }, method: 'GET', url: '/', httpPart: 'params' })
  t.equal(validate('3'), true)
})
