import type { Test } from 'tap'
import { createRequire } from 'node:module'
import type { ConformanceAdapter } from './adapter.js'

const require = createRequire(import.meta.url)

/** The package's shape, the same for every adapter: a factory as default export and as require()'s result. */
export function moduleShape (t: Test, adapter: ConformanceAdapter): void {
  const { module } = adapter
  if (module === undefined) return
  const { namespace } = module
  const factory = namespace.default as Record<string, unknown> & ((options?: object) => ConformanceAdapter['validatorCompiler'])

  t.test('the default export is createValidatorCompiler, carrying every named export', async (t) => {
    t.equal(factory, namespace.createValidatorCompiler)
    t.equal(factory.default, namespace.createValidatorCompiler)
    t.equal(namespace['module.exports'], factory)
    const named = Object.keys(namespace).filter((name) => name !== 'default' && name !== 'module.exports')
    t.ok(named.includes('validatorCompiler') && named.includes('serializerCompiler') && named.includes('createSerializerCompiler'))
    for (const name of named) t.equal(factory[name], namespace[name], name)
  })

  t.test('require() returns the factory itself, like a CommonJS module would', async (t) => {
    const required = require(module.name) as typeof factory
    t.equal(typeof required, 'function')
    t.equal(required.name, 'createValidatorCompiler')
    t.equal(required.validatorCompiler, namespace.validatorCompiler)
    const validate = required()({ schema: adapter.schemas.querystring, method: 'GET', url: '/', httpPart: 'querystring' })
    t.match(validate({ n: '3' }), { value: { n: 3 } })
  })
}
