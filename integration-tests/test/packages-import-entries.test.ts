// Every published package's `import` condition is a generated entry (scripts/write-import-entries.mjs)
// that loads the package's module graph with require(): it must offer exactly the module's bindings,
// share one instance with require(), and leave Node's asynchronous ESM loader only itself to read.
import t from 'tap'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }

interface Manifest { name: string, exports?: Record<string, string | { import?: string, default?: string }> }

/** `[specifier, the dist file behind it]` for every export subpath served by a generated import entry. */
function importEntries (): Array<[string, string]> {
  const entries: Array<[string, string]> = []
  for (const workspace of rootManifest.workspaces) {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as Manifest
    for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
      if (typeof conditions !== 'object' || conditions.import === undefined || conditions.default === undefined) continue
      entries.push([manifest.name + subpath.slice(1), join(root, workspace, conditions.default)])
    }
  }
  return entries
}

t.test('every package imports with the same bindings as its module, and require() shares them', async (t) => {
  const entries = importEntries()
  t.ok(entries.length >= 12, `${entries.length} import entries`)
  const require = createRequire(import.meta.url)
  for (const [specifier, file] of entries) {
    const imported = await import(specifier) as Record<string, unknown>
    const module = await import(pathToFileURL(file).href) as Record<string, unknown>
    t.same(Object.keys(imported), Object.keys(module), `${specifier}: the same export names`)
    const differing = Object.keys(module).filter((name) => imported[name] !== module[name])
    t.same(differing, [], `${specifier}: every binding is the module's own`)
    t.equal(require(specifier), module['module.exports'] ?? module, `${specifier}: require() returns the same instance`)
  }
})

t.test('importing a package leaves only its entry to the asynchronous loader', async (t) => {
  // A loader hook reports what Node's ESM loader reads itself; require() of an ES module does not
  // pass through it. Importing the two public entries must report one file of ours each.
  const hook = 'data:text/javascript,' + encodeURIComponent(
    "export async function load (url, context, next) { if (url.includes('/dist/')) process.stdout.write(url + '\\n'); return next(url, context) }")
  const register = `import { register } from 'node:module'; register(${JSON.stringify(hook)})`
  const { stdout } = await run(process.execPath, [
    '--import', 'data:text/javascript,' + encodeURIComponent(register),
    '--input-type=module', '-e', "import enclave from '@enclave/core'; import fastify from '@enclave/fastify4'; enclave(); fastify()"
  ], { cwd: root })
  const loaded = stdout.trim().split('\n').map((url) => fileURLToPath(url).slice(root.length + 1))
  t.same(loaded.sort(), ['core/dist/index.import.js', 'fastify4/dist/index.import.js'])
})
