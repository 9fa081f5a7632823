import t from 'tap'
import { kDisplayName, kPluginMeta, kSkipOverride, plugin, type PluginMeta } from '../src/index.js'

// Hosts (Enclave core, Fastify, avvio, @fastify/autoload) look the markers up by registry symbol,
// so these literal keys are the contract, not the exported constants.
const SKIP = Symbol.for('skip-override')
const DISPLAY = Symbol.for('fastify.display-name')
const META = Symbol.for('plugin-meta')

t.test('the exported symbols are the registry symbols hosts read', async (t) => {
  t.equal(kSkipOverride, SKIP)
  t.equal(kDisplayName, DISPLAY)
  t.equal(kPluginMeta, META)
})

t.test('returns the very function it was given', async (t) => {
  function myPlugin (_instance: object, _opts: object, done: () => void): void { done() }
  const wrapped = plugin(myPlugin)
  t.equal(wrapped, myPlugin)
  t.equal(wrapped.default, myPlugin, 'default points at the function itself')
})

t.test('a named plugin gets exactly the markers fastify-plugin sets', async (t) => {
  const opts = {
    name: 'db',
    fastify: '4.x',
    enclave: '>=0.1.0',
    dependencies: ['config'],
    decorators: { fastify: ['config'], request: ['user'], reply: ['view'] }
  }
  const fn = plugin(async function db () {}, opts)
  const marked = fn as unknown as Record<symbol, unknown>

  t.equal(marked[SKIP], true, 'skip-override is true: the plugin registers into its parent')
  t.equal(marked[DISPLAY], 'db')
  t.same(marked[META], { ...opts, name: 'db' })
  t.strictSame(Object.getOwnPropertySymbols(fn).sort(byDescription), [DISPLAY, META, SKIP].sort(byDescription),
    'no other symbols are added')
})

t.test('encapsulate: true keeps the plugin in its own context', async (t) => {
  const fn = plugin(async function scoped () {}, { name: 'scoped', encapsulate: true })
  t.equal(fn[kSkipOverride], false)
  t.equal(fn[kPluginMeta].encapsulate, true, 'the flag stays in the metadata')
  t.equal(fn[kDisplayName], 'scoped', 'name and display name are still set')
})

t.test('only encapsulate === true encapsulates', async (t) => {
  t.equal(plugin(async function a () {}, { encapsulate: false })[kSkipOverride], true)
  t.equal(plugin(async function b () {}, {})[kSkipOverride], true)
  // A truthy non-boolean (say, from an untyped config file) does not count, as in fastify-plugin.
  const loose = { encapsulate: 'yes' } as unknown as { encapsulate: boolean }
  t.equal(plugin(async function c () {}, loose)[kSkipOverride], true)
})

t.test('a string option is the Fastify version range', async (t) => {
  const fn = plugin(async function versioned () {}, '4.x')
  t.equal(fn[kSkipOverride], true)
  t.equal(fn[kPluginMeta].fastify, '4.x')
  t.match(fn[kPluginMeta].name, /^versioned-auto-\d+$/)
  t.same(Object.keys(fn[kPluginMeta]).sort(), ['fastify', 'name'])
})

t.test('without options the metadata holds only the auto name', async (t) => {
  const fn = plugin(async function bare () {})
  const meta: PluginMeta = fn[kPluginMeta]
  t.same(Object.keys(meta), ['name'])
  t.equal(fn[kDisplayName], meta.name)
})

t.test('the metadata is a copy: the caller\'s options object is left alone', async (t) => {
  const shared = { fastify: '4.x' }
  const first = plugin(async function first () {}, shared)
  const second = plugin(async function second () {}, shared)
  t.same(shared, { fastify: '4.x' }, 'no name written into the caller\'s object')
  t.not(first[kPluginMeta], shared)
  t.not(first[kPluginMeta].name, second[kPluginMeta].name, 'a reused options object does not share one auto name')
})

t.test('wrapping again replaces the markers', async (t) => {
  async function twice () {}
  plugin(twice, { name: 'once' })
  const again = plugin(twice, { name: 'twice', encapsulate: true })
  t.equal(again, twice)
  t.equal(again[kDisplayName], 'twice')
  t.equal(again[kSkipOverride], false)
})

function byDescription (a: symbol, b: symbol): number {
  return String(a.description).localeCompare(String(b.description))
}
