import t from 'tap'
import { faces } from './fixtures/faces.js'
import { warningsDuring } from './fixtures/warnings-during.js'

t.test('hasPlugin() sees the root (by its plugin name), the plugin being loaded and the wrapped plugins of its context, as in Fastify 4.29', async (t) => {
  const results: string[][] = []
  for (const [name, factory] of faces) {
    const app = factory()
    const seen: string[] = []
    function named (instance: any, _options: unknown, done: () => void): void {
      seen.push(`named sees itself: ${instance.hasPlugin('plugin-A')}`)
      instance.register(function inner (child: any, _opts: unknown, next: () => void) {
        seen.push(`inner sees itself: ${child.hasPlugin('inner')}, its parent: ${child.hasPlugin('plugin-A')}`)
        next()
      })
      done()
    }
    ;(named as any)[Symbol.for('fastify.display-name')] = 'plugin-A'
    app.register(named)
    app.register(function pluginB (instance: any, _options: unknown, done: () => void) {
      seen.push(`pluginB sees itself: ${instance.hasPlugin('pluginB')}, its sibling: ${instance.hasPlugin('plugin-A')}`)
      done()
    })
    seen.push(`root before ready: ${app.hasPlugin(app.pluginName)}`)
    await app.ready()
    seen.push(`root after ready: ${app.hasPlugin(app.pluginName)}, children: ${app.hasPlugin('plugin-A')} ${app.hasPlugin('pluginB')}`)
    results.push(seen)
    t.same(seen, results[0], name)
    await app.close()
  }
  t.same(results[0], [
    'root before ready: true',
    'named sees itself: true',
    'inner sees itself: true, its parent: false',
    'pluginB sees itself: true, its sibling: false',
    'root after ready: true, children: false false'
  ])
})

t.test('a missing decorator required by a plugin without a name is reported without one, as in Fastify 4.29', async (t) => {
  const messages: string[] = []
  for (const [name, factory] of faces) {
    const app = factory()
    app.decorate('db', true)
    function plugin (_instance: unknown, _options: unknown, done: () => void): void { done() }
    ;(plugin as any)[Symbol.for('skip-override')] = true
    ;(plugin as any)[Symbol.for('plugin-meta')] = { decorators: { fastify: ['db'], request: ['user'] } }
    app.register(plugin)
    const error = await app.ready().then(() => null, (err: Error) => err)
    messages.push(error?.message ?? 'ready')
    t.equal(messages[messages.length - 1], messages[0], name)
  }
  t.equal(messages[0], "The decorator 'user' is not present in Request")
})

t.test('a release candidate loads plugins written for the release before it; a range it is below still fails', async (t) => {
  for (const [name, factory] of faces) {
    for (const [version, range, loads] of [['99.0.0-rc.1', '^98.1.0', true], ['99.0.0-rc.1', '98.x', true], ['99.0.0-rc.1', '^100.0.0', false], ['99.0.0', '^98.1.0', false]] as const) {
      const app = factory()
      Object.defineProperty(app, 'version', { value: version })
      function plugin (_instance: unknown, _options: unknown, done: () => void): void { done() }
      ;(plugin as any)[Symbol.for('plugin-meta')] = { name: 'plugin', fastify: range }
      app.register(plugin)
      const error = await app.ready().then(() => null, (err: any) => err)
      t.equal(error === null, loads, `${name}: ${version} with ${range}`)
      if (!loads) t.equal(error.code, 'FST_ERR_PLUGIN_VERSION_MISMATCH', name)
      await app.close()
    }
  }
})

t.test('FSTWRN002 names an anonymous async plugin that also takes done as anonymous, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    const seen = await warningsDuring(async () => {
      app.register(async (_instance: unknown, _options: unknown, done: () => void) => { done() })
      app.register(async function named (_instance: unknown, _options: unknown, done: () => void) { done() })
      await app.ready()
    })
    t.same(seen.filter((warning) => warning.code === 'FSTWRN002').map((warning) => warning.message), [
      'The anonymous plugin being registered mixes async and callback styles, which will result in an error in `fastify@5`',
      'The named plugin being registered mixes async and callback styles, which will result in an error in `fastify@5`'
    ], name)
    await app.close()
  }
})

t.test('a fastify range whose operator stands apart from its version (`>= 3.0.0`) or a hyphen range is read as semver reads it, as in Fastify 4.29', async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const outcomes: unknown[] = []
    for (const range of ['>= 3.0.0', '>=  4.29.1', '>= 5.0.0', '<= 4.0.0', '> 4.0.0 < 5.0.0', '3.0.0 - 4.29.1', '4.30.0 - 5.0.0', '^ 4.0.0', '~ 4.29.0']) {
      const app = factory()
      function plugin (_instance: unknown, _options: unknown, done: () => void): void { done() }
      ;(plugin as any)[Symbol.for('skip-override')] = true
      ;(plugin as any)[Symbol.for('plugin-meta')] = { name: 'old-style', fastify: range }
      app.register(plugin)
      const error = await app.ready().then(() => null, (err: Error & { code?: string }) => err)
      outcomes.push([range, error === null ? 'loads' : error.code])
      await app.close()
    }
    results.push(outcomes)
    t.same(outcomes, results[0], name)
  }
  t.same(results[0], [
    ['>= 3.0.0', 'loads'], ['>=  4.29.1', 'loads'], ['>= 5.0.0', 'FST_ERR_PLUGIN_VERSION_MISMATCH'], ['<= 4.0.0', 'FST_ERR_PLUGIN_VERSION_MISMATCH'],
    ['> 4.0.0 < 5.0.0', 'loads'], ['3.0.0 - 4.29.1', 'loads'], ['4.30.0 - 5.0.0', 'FST_ERR_PLUGIN_VERSION_MISMATCH'], ['^ 4.0.0', 'loads'], ['~ 4.29.0', 'loads']
  ])
})
