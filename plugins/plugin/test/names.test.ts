import t from 'tap'
import { kDisplayName, kPluginMeta, plugin } from '../src/index.js'

t.test('auto names use the function name, the word "auto" and a counter', async (t) => {
  const fn = plugin(async function session () {})
  t.match(fn[kDisplayName], /^session-auto-\d+$/)
  t.equal(fn[kPluginMeta].name, fn[kDisplayName])
})

t.test('an anonymous function is called "plugin" in its auto name', async (t) => {
  // Passed inline, an arrow function gets no name to borrow.
  const fn = plugin(async () => {})
  t.equal(fn.name, '')
  t.match(fn[kDisplayName], /^plugin-auto-\d+$/)
})

t.test('auto names are unique, even for functions with the same name', async (t) => {
  const names = new Set<string>()
  for (let i = 0; i < 50; i++) {
    names.add(plugin(async function same () {})[kDisplayName])
    names.add(plugin(async () => {})[kDisplayName])
  }
  t.equal(names.size, 100)
})

t.test('an explicit name is used as is and gets a camel-case alias', async (t) => {
  async function bearerAuth () {}
  const fn = plugin(bearerAuth, { name: '@enclave/bearer-auth' })
  t.equal(fn[kDisplayName], '@enclave/bearer-auth')
  t.equal(fn[kPluginMeta].name, '@enclave/bearer-auth')
  t.equal(fn.enclaveBearerAuth, bearerAuth)
  // The alias is typed from the literal name.
  const typed: typeof bearerAuth = fn.enclaveBearerAuth
  t.ok(typed)
})

t.test('camel-case aliases', async (t) => {
  const cases: Array<[string, string]> = [
    ['@enclave/bearer-auth', 'enclaveBearerAuth'],
    ['@fastify/bearer-auth', 'fastifyBearerAuth'],
    ['my-plugin', 'myPlugin'],
    ['a-b-c-d', 'aBCD'],
    ['simple', 'simple'],
    ['@scope/pkg/sub-path', 'scopePkgSubPath'],
    ['double--dash', 'doubleDash'],
    ['-leading', 'leading'],
    ['trailing-', 'trailing'],
    ['snake_case.dot', 'snake_case.dot'],
    ['Already-Pascal', 'AlreadyPascal']
  ]
  for (const [name, alias] of cases) {
    const fn = plugin(async function aliased () {}, { name }) as unknown as Record<string, unknown>
    t.equal(fn[alias], fn, `${name} → ${alias}`)
  }
})

t.test('an auto name gets no alias', async (t) => {
  async function unnamed () {}
  const before = Object.keys(unnamed)
  plugin(unnamed)
  t.same(Object.keys(unnamed).filter((key) => !before.includes(key)), ['default'])
})

t.test('an empty name counts as no name', async (t) => {
  const fn = plugin(async function blank () {}, { name: '' })
  t.match(fn[kDisplayName], /^blank-auto-\d+$/)
  t.match(fn[kPluginMeta].name, /^blank-auto-\d+$/)
})

t.test('an alias never overwrites a property the function already has', async (t) => {
  // Each of these would throw (read-only `name`), break the function (`bind`) or its prototype chain.
  for (const name of ['name', 'length', 'bind', 'call', 'toString', '__proto__', 'constructor']) {
    async function guarded () {}
    const before = (guarded as unknown as Record<string, unknown>)[name]
    t.doesNotThrow(() => plugin(guarded, { name }), name)
    t.equal((guarded as unknown as Record<string, unknown>)[name], before, `${name} is untouched`)
    t.equal(Object.getPrototypeOf(guarded), Object.getPrototypeOf(async function () {}))
  }
  const withProp = Object.assign(async function withProp () {}, { myPlugin: 'mine' })
  plugin(withProp, { name: 'my-plugin' })
  t.equal(withProp.myPlugin, 'mine', 'a user property of the same name is kept')
})

t.test('a name that camel-cases to nothing adds no alias', async (t) => {
  async function dashes () {}
  plugin(dashes, { name: '@/-' })
  t.notOk(Object.hasOwn(dashes, ''))
  t.equal((dashes as unknown as Record<symbol, unknown>)[kDisplayName], '@/-')
})
