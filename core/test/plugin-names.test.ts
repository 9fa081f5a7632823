import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import { plugin } from '@enclave/plugin'
import type { EnclaveInstance } from '@enclave/core'

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

function withoutTimes (tree: string): string {
  return tree.replace(/ \d+ ms$/gm, ' N ms')
}

t.test('printPlugins shows the load tree with times, after() callbacks included', async (t) => {
  const app = build(t)
  app.register(async function database (instance) {
    instance.register(async function migrations () {})
    instance.after(() => {})
  })
  app.register(plugin(async function auth () {}, { name: 'auth' }))
  app.register(async function routes () {}, { name: 'named-by-option' })
  await app.ready()
  const tree = app.printPlugins()
  t.match(tree, /^root \d+ ms\n/, 'times in milliseconds')
  t.equal(withoutTimes(tree), [
    'root N ms',
    '├── bound _after N ms',
    '├─┬ database N ms',
    '│ ├── migrations N ms',
    '│ └── bound _after N ms',
    '├── auth N ms',
    '└── named-by-option N ms',
    ''
  ].join('\n'))
})

t.test('hasPlugin: true for a named (wrapped) plugin registered here or in an ancestor, before or inside it, and for the plugin being loaded', async (t) => {
  const app = build(t)
  const seen: Record<string, boolean[]> = {}
  const names = ['wrapped-db', 'encapsulated-metrics', 'child-tool', 'plainFunction']
  const check = (instance: EnclaveInstance, label: string): void => { seen[label] = names.map((name) => instance.hasPlugin(name)) }
  app.register(plugin(async function db () {}, { name: 'wrapped-db' }))
  app.register(plugin(async function metrics (instance) { check(instance, 'inside metrics') }, { name: 'encapsulated-metrics', encapsulate: true }))
  app.register(async function plainFunction (instance) {
    instance.register(plugin(async function tool () {}, { name: 'child-tool' }))
    instance.after(function afterTool () { check(instance, 'plain child') })
  })
  app.register(async function sibling (instance) { check(instance, 'sibling') })
  check(app, 'root before loading')
  await app.ready()
  check(app, 'root')
  t.same(seen, {
    'root before loading': [false, false, false, false],
    'inside metrics': [true, true, false, false],
    // As in Fastify 4.29, a context has the plugin it is named by, wrapped or not.
    'plain child': [true, true, true, true],
    sibling: [true, true, false, false],
    root: [true, true, false, false]
  }, 'a plain function is named only inside itself; a name registered in a child stays there')
})

t.test('pluginName: the context name, then the wrapped plugins registered into it', async (t) => {
  const app = build(t)
  const names: Record<string, string> = {}
  app.register(async function child (instance) {
    names.childAtStart = instance.pluginName
    instance.register(plugin(async function wrapped (inner) { names.insideWrapped = inner.pluginName }, { name: 'wrapped' }))
    instance.after(function afterWrapped () { names.childAfterWrapped = instance.pluginName })
    instance.register(async function grandchild (inner) { names.grandchild = inner.pluginName })
  })
  app.register(async function renamed (instance) { names.byOption = instance.pluginName }, { name: 'by-option' })
  app.register(plugin(async function ignoredFunctionName (instance) { names.wrappedAtRoot = instance.pluginName }, { name: 'display-name', encapsulate: true }))
  await app.ready()
  t.same(names, {
    childAtStart: 'child',
    insideWrapped: 'child -> wrapped',
    childAfterWrapped: 'child -> wrapped',
    grandchild: 'grandchild',
    // As in Fastify: options.name names the plugin in avvio's tree (printPlugins) only.
    byOption: 'renamed',
    wrappedAtRoot: 'display-name'
  })
  t.equal(app.pluginName, 'enclave', 'the root')
})
