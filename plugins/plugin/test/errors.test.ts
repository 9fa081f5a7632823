import t from 'tap'
import { plugin, PluginWrapperError } from '../src/index.js'

// The public signature rejects these at compile time; tests go through an untyped view on purpose,
// as JavaScript callers would.
const untyped = plugin as unknown as (fn: unknown, options?: unknown) => unknown

t.test('rejects anything but a function', async (t) => {
  const cases: Array<[unknown, string]> = [
    [undefined, 'undefined'],
    [null, 'null'],
    ['plugin', 'string'],
    [42, 'number'],
    [{}, 'object'],
    [[], 'array'],
    [{ default: 'x' }, 'object']
  ]
  for (const [value, type] of cases) {
    t.throws(() => untyped(value), {
      name: 'TypeError',
      code: 'ENC_ERR_PLUGIN_INVALID',
      statusCode: 500,
      message: `@enclave/plugin expects a function, instead got a '${type}'`
    }, `${type}`)
  }
})

t.test('rejects options that are neither an object nor a string', async (t) => {
  const cases: Array<[unknown, string]> = [
    [null, 'null'],
    [42, 'number'],
    [true, 'boolean'],
    [['4.x'], 'array'],
    [function options () {}, 'function']
  ]
  for (const [value, type] of cases) {
    t.throws(() => untyped(async function p () {}, value), {
      code: 'ENC_ERR_PLUGIN_INVALID_OPTIONS',
      message: `@enclave/plugin expects the options to be an object or a version string, instead got a '${type}'`
    }, type)
  }
})

t.test('rejects a version range that is not a string', async (t) => {
  t.throws(() => untyped(async function p () {}, { fastify: 4 }), {
    code: 'ENC_ERR_PLUGIN_INVALID_VERSION',
    message: "@enclave/plugin expects the 'fastify' option to be a version string, instead got a 'number'"
  })
  t.throws(() => untyped(async function p () {}, { enclave: ['0.1'] }), {
    code: 'ENC_ERR_PLUGIN_INVALID_VERSION',
    message: "@enclave/plugin expects the 'enclave' option to be a version string, instead got a 'array'"
  })
  t.throws(() => untyped(async function p () {}, { fastify: null }), {
    code: 'ENC_ERR_PLUGIN_INVALID_VERSION',
    message: "@enclave/plugin expects the 'fastify' option to be a version string, instead got a 'null'"
  })
})

t.test('rejects a name that is not a string', async (t) => {
  t.throws(() => untyped(async function p () {}, { name: 7 }), {
    code: 'ENC_ERR_PLUGIN_INVALID_NAME',
    message: "@enclave/plugin expects the 'name' option to be a string, instead got a 'number'"
  })
})

t.test('errors are TypeErrors and PluginWrapperErrors', async (t) => {
  const error = t.throws(() => untyped('nope'))
  t.ok(error instanceof TypeError)
  t.ok(error instanceof PluginWrapperError)
})

t.test('a rejected call marks nothing', async (t) => {
  async function untouched () {}
  t.throws(() => untyped(untouched, { fastify: 4 }))
  t.same(Object.getOwnPropertySymbols(untouched), [])
  t.notOk(Object.hasOwn(untouched, 'default'))
})
