import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import * as namespace from '../src/index.js'
import plugin, { fp, kDisplayName, kPluginMeta, kSkipOverride, plugin as named, PluginWrapperError } from '../src/index.js'

t.test('default, named and fp exports are the same wrapper', async (t) => {
  t.equal(plugin, named)
  t.equal(fp, named)
  t.equal(plugin.default, named)
  t.equal(plugin.fp, named)
  t.equal(plugin.plugin, named)
})

t.test('the default export carries the symbols and the error class, for require() users', async (t) => {
  t.equal(plugin.kSkipOverride, kSkipOverride)
  t.equal(plugin.kDisplayName, kDisplayName)
  t.equal(plugin.kPluginMeta, kPluginMeta)
  t.equal(plugin.PluginWrapperError, PluginWrapperError)
})

t.test("the 'module.exports' binding is what require() returns", async (t) => {
  // Node returns this binding from require() of an ES module; it must be the wrapper itself.
  t.equal(namespace['module.exports'], named)
})

// The TypeScript loader tap uses cannot serve require() of ESM sources, so this runs the build
// output in a plain Node process; `npm test` builds before testing.
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url))
const notBuilt = existsSync(entry) ? false : 'not built: run `npx tsc -p plugins/plugin` first'

t.test('require() of the built package returns the wrapper', { skip: notBuilt }, async (t) => {
  const script = `
    const fp = require(${JSON.stringify(entry)})
    const wrapped = fp(function p () {}, { name: 'req-test' })
    console.log(JSON.stringify({
      isFunction: typeof fp === 'function',
      sameDefault: fp.default === fp && fp.fp === fp && fp.plugin === fp,
      skip: wrapped[Symbol.for('skip-override')],
      display: wrapped[Symbol.for('fastify.display-name')]
    }))`
  const env = { ...process.env }
  delete env.NODE_OPTIONS // keep tap's loaders out of the child
  const result = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' })
  t.equal(result.status, 0, result.stderr)
  t.same(JSON.parse(result.stdout), { isFunction: true, sameDefault: true, skip: true, display: 'req-test' })
})
