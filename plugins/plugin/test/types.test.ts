// Type-level contract of plugin(). The assertions are checked by `npm run typecheck`
// (tsconfig.typecheck.json includes plugins/*/test); tap only runs the few runtime checks.
import t from 'tap'
import { kDisplayName, kPluginMeta, kSkipOverride, plugin, type CamelCase, type PluginMeta } from '../src/index.js'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
function expectType<T extends true> (): T | undefined { return undefined }

// Stand-ins for a host's instance and a plugin's options: the wrapper must not care what they are.
interface Host { decorate (name: string, value: unknown): Host }
interface DbOptions { url: string }

async function db (instance: Host, opts: DbOptions): Promise<void> { instance.decorate('db', opts.url) }
function callbackStyle (instance: Host, _opts: DbOptions, done: (err?: Error) => void): void {
  instance.decorate('x', 1)
  done()
}

t.test('the wrapped function keeps its own type', async (t) => {
  const wrapped = plugin(db)
  const sameCall: (instance: Host, opts: DbOptions) => Promise<void> = wrapped
  expectType<Equal<Parameters<typeof wrapped>, [Host, DbOptions]>>()
  expectType<Equal<typeof wrapped.default, typeof db>>()
  expectType<Equal<typeof wrapped[typeof kSkipOverride], boolean>>()
  expectType<Equal<typeof wrapped[typeof kDisplayName], string>>()
  expectType<Equal<typeof wrapped[typeof kPluginMeta], PluginMeta>>()

  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is asserted
  const cb = plugin(callbackStyle, '4.x')
  expectType<Equal<Parameters<typeof cb>, [Host, DbOptions, (err?: Error) => void]>>()
  t.equal(sameCall, db)
})

t.test('a literal name types its camel-case alias', async (t) => {
  const wrapped = plugin(db, { name: '@enclave/bearer-auth' })
  expectType<Equal<typeof wrapped.enclaveBearerAuth, typeof db>>()
  t.equal(wrapped.enclaveBearerAuth, db)

  function noAliasTyped (): void {
    // @ts-expect-error no name, no alias
    void plugin(db).enclaveBearerAuth
    const dynamic: string = 'computed-name'
    // @ts-expect-error a name only known at run time cannot be typed
    void plugin(db, { name: dynamic }).computedName
    // A colliding alias is not set at run time, so `name` keeps its own type.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is asserted
    const named = plugin(db, { name: 'name' })
    expectType<Equal<typeof named.name, string>>()
  }
  t.type(noAliasTyped, 'function')
})

t.test('a module namespace unwraps to its default export, in types too', async (t) => {
  const wrapped = plugin({ default: db })
  expectType<Equal<typeof wrapped.default, typeof db>>()
  t.equal(wrapped, db)
})

t.test('CamelCase mirrors the runtime rules', async (t) => {
  expectType<Equal<CamelCase<'@enclave/bearer-auth'>, 'enclaveBearerAuth'>>()
  expectType<Equal<CamelCase<'my-plugin'>, 'myPlugin'>>()
  expectType<Equal<CamelCase<'@scope/pkg/sub-path'>, 'scopePkgSubPath'>>()
  expectType<Equal<CamelCase<'double--dash'>, 'doubleDash'>>()
  expectType<Equal<CamelCase<'-leading'>, 'leading'>>()
  expectType<Equal<CamelCase<'trailing-'>, 'trailing'>>()
  expectType<Equal<CamelCase<'simple'>, 'simple'>>()
  t.pass('checked by the type checker')
})

t.test('invalid calls do not compile', async (t) => {
  function invalid (): void {
    // @ts-expect-error not a function
    plugin('db')
    // @ts-expect-error options must be an object or a string
    plugin(db, 4)
    // @ts-expect-error version ranges are strings
    plugin(db, { fastify: 4 })
    // @ts-expect-error encapsulate is a boolean
    plugin(db, { encapsulate: 'yes' })
    // @ts-expect-error unknown option
    plugin(db, { nmae: 'typo' })
  }
  t.type(invalid, 'function')
})
