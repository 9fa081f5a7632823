import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const displayName = Symbol.for('fastify.display-name')
const pluginMeta = Symbol.for('plugin-meta')
const skipOverride = Symbol.for('skip-override')

interface Variant {
  label: string
  anonymous?: boolean
  meta?: Record<string, unknown>
  display?: string
  options?: Record<string, unknown>
}

// Each way a plugin can carry a name: its function, fastify-plugin's display name, its metadata, register()'s options.
const variants: Variant[] = [
  { label: 'a named function' },
  { label: 'a named function with options.name', options: { name: 'from-options' } },
  { label: 'an anonymous function with options.name', anonymous: true, options: { name: 'from-options' } },
  { label: 'metadata with a name', meta: { name: 'from-meta' } },
  { label: 'metadata and a display name', meta: { name: 'from-meta' }, display: 'from-display' },
  { label: 'an anonymous function with metadata', anonymous: true, meta: { name: 'from-meta' } },
  { label: 'an anonymous function with a display name', anonymous: true, display: 'from-display' }
]

function pluginOf (variant: Variant, wrapped: boolean, seen: string[]): Record<symbol, unknown> & ((instance: any) => Promise<void>) {
  const fn = variant.anonymous === true
    // An array element takes no name from its surroundings: the function stays anonymous.
    ? [async function (instance: any) { seen.push(instance.pluginName) }][0]!
    : async function namedByFunction (instance: any) { seen.push(instance.pluginName) }
  const marked = fn as unknown as Record<symbol, unknown> & typeof fn
  if (variant.meta !== undefined) marked[pluginMeta] = variant.meta
  if (variant.display !== undefined) marked[displayName] = variant.display
  if (wrapped) marked[skipOverride] = true
  return marked
}

/** What a plugin's instance is named, and which names hasPlugin() then knows, for every variant, encapsulated and wrapped. */
async function namesSeen (factory: Factory): Promise<string[]> {
  const lines: string[] = []
  for (const wrapped of [false, true]) {
    for (const variant of variants) {
      const app = factory()
      const seen: string[] = []
      app.register(pluginOf(variant, wrapped, seen), variant.options)
      app.after(function listNames () {
        const known = ['from-meta', 'from-display', 'from-options', 'namedByFunction'].filter((name) => app.hasPlugin(name))
        lines.push(`${wrapped ? 'wrapped' : 'encapsulated'}, ${variant.label}: ${seen.join()} | hasPlugin: ${known.join()}`)
      })
      await app.ready()
      await app.close()
    }
  }
  return lines
}

/** FST_ERR_PLUGIN_VERSION_MISMATCH's message for a plugin whose metadata has or lacks a name. */
async function versionMismatchMessages (factory: Factory): Promise<string[]> {
  const messages: string[] = []
  for (const meta of [{ fastify: '>=99' }, { fastify: '>=99', name: 'from-meta' }]) {
    for (const options of [undefined, { name: 'from-options' }]) {
      const app = factory()
      const plugin = async function namedByFunction (): Promise<void> {}
      ;(plugin as unknown as Record<symbol, unknown>)[pluginMeta] = meta
      ;(plugin as unknown as Record<symbol, unknown>)[displayName] = 'from-display'
      app.register(plugin, options)
      const error = await app.ready().then(() => null, (failure: Error & { code?: string }) => failure)
      messages.push(`${error?.code}: ${error?.message.replace(/'\d+\.\d+\.\d+'/, "'X'")}`)
    }
  }
  return messages
}

t.test('pluginName and hasPlugin() name a plugin by its display name or function, never by metadata or options.name, as Fastify', async (t) => {
  const [[v4Name, fastify4], [enclaveName, enclaveEntry], [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected4 = await namesSeen(fastify4)
  t.match(expected4.join('\n'), /encapsulated, a named function with options.name: namedByFunction \|/)
  t.same(await namesSeen(face4), expected4, `${face4Name} as ${v4Name}`)
  const expected5 = await namesSeen(fastify5)
  t.same(await namesSeen(face5), expected5, `${face5Name} as ${v5Name}`)
  // The root of enclave() is named 'enclave' (docs/encapsulation.md).
  const seenOnEnclave = (await namesSeen(enclaveEntry)).map((line) => line.replace(': enclave -> ', ': fastify -> '))
  t.same(seenOnEnclave, expected5, `${enclaveName} names them so too`)
})

t.test('FST_ERR_PLUGIN_VERSION_MISMATCH names the plugin by its metadata alone, as Fastify', async (t) => {
  const [[v4Name, fastify4], , [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected4 = await versionMismatchMessages(fastify4)
  t.match(expected4[0], /^FST_ERR_PLUGIN_VERSION_MISMATCH: fastify-plugin: undefined - expected/)
  t.same(await versionMismatchMessages(face4), expected4, `${face4Name} as ${v4Name}`)
  t.same(await versionMismatchMessages(face5), await versionMismatchMessages(fastify5), `${face5Name} as ${v5Name}`)
})

/** printPlugins() without timings, and a timed-out plugin's message, for plugins registered as promises. */
async function promisedPluginNames (factory: Factory): Promise<string[]> {
  const app = factory()
  app.register(Promise.resolve(async function resolvedPlugin () {}))
  app.register(Promise.resolve({ default: async function fromModule () {} }), { name: 'from-options' })
  await app.ready()
  const tree = app.printPlugins().replace(/ \d+(\.\d+)? ms/g, '')
  await app.close()
  const slow = factory({ pluginTimeout: 20 })
  slow.register(Promise.resolve(function neverDone (_instance: unknown, _options: unknown, _done: () => void) {}))
  const error = await slow.ready().then(() => null, (failure: Error) => failure)
  return [tree, String(error?.message)]
}

t.test('a plugin registered as a promise keeps the name it had when registered on Fastify 4, its function\'s on Fastify 5', async (t) => {
  const [[v4Name, fastify4], [enclaveName, enclaveEntry], [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected4 = await promisedPluginNames(fastify4)
  t.match(expected4[0], /\[object Promise\]/)
  t.match(expected4[1], /'\[object Promise\]'/)
  t.same(await promisedPluginNames(face4), expected4, `${face4Name} as ${v4Name}`)
  const expected5 = await promisedPluginNames(fastify5)
  t.match(expected5[1], /'neverDone'/)
  t.same(await promisedPluginNames(face5), expected5, `${face5Name} as ${v5Name}`)
  t.same(await promisedPluginNames(enclaveEntry), expected5, `${enclaveName} names them as Fastify 5`)
})
