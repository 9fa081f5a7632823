// Every published package's `import` condition is a generated entry (scripts/write-import-entries.mjs)
// that loads the package's module graph with require(): it must offer exactly the module's bindings,
// share one instance with require(), and leave Node's asynchronous ESM loader only itself to read.
// Its `require` condition is a CommonJS copy (scripts/write-commonjs-copies.mjs), for loaders that
// cannot require an ES module (Jest, Vitest's VM pools; here Node without require(esm)).
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

interface Manifest { name: string, exports?: Record<string, string | { import?: string, 'module-sync'?: string, require?: string | { default: string } }> }

/** `[specifier, the dist file behind it]` for every export subpath served by a generated import entry. */
function importEntries (): Array<[string, string]> {
  const entries: Array<[string, string]> = []
  for (const workspace of rootManifest.workspaces) {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as Manifest
    for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
      if (typeof conditions !== 'object' || conditions.import === undefined || conditions['module-sync'] === undefined) continue
      entries.push([manifest.name + subpath.slice(1), join(root, workspace, conditions['module-sync'])])
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

t.test('without require(esm), require() and import load the CommonJS copies, which offer the same bindings', async (t) => {
  const entries = importEntries()
  // A child process per check: Node without require(esm) matches `require`, not `module-sync`.
  const script = `
    const results = {}
    for (const [specifier, file] of ${JSON.stringify(entries)}) {
      const copy = require(specifier)
      results[specifier] = { file: require.resolve(specifier), names: Object.keys(copy).sort(), type: typeof copy }
    }
    const fastify = require('@enclave/fastify4')
    const app = fastify()
    app.register(require('@enclave/plugin')((instance, options, done) => { instance.decorate('shared', 1); done() }))
    app.get('/', async function () { return { shared: this.shared, same: require('@enclave/core/internal').createServer === require('@enclave/core/internal').createServer } })
    app.inject('/').then((response) => {
      results.answer = response.statusCode + ' ' + response.body
      return import('@enclave/fastify4')
    }).then((imported) => {
      results.importShared = imported.default === fastify
      process.stdout.write(JSON.stringify(results))
    })
  `
  const { stdout } = await run(process.execPath, ['--no-experimental-require-module', '-e', script], { cwd: root })
  const results = JSON.parse(stdout) as Record<string, { file: string, names: string[], type: string }> & { answer: string, importShared: boolean }
  t.equal(results.answer, '200 {"shared":1,"same":true}', 'a Fastify v4 app with a wrapped plugin answers')
  t.equal(results.importShared, true, 'import() gets the copy require() loaded')
  const require = createRequire(import.meta.url)
  for (const [specifier, file] of entries) {
    const seen = results[specifier]!
    t.equal(seen.file, file.replace(`${join('dist')}/`, `${join('dist', 'cjs')}/`), `${specifier}: the copy of ${file.slice(root.length + 1)}`)
    const module = require(specifier) as Record<string, unknown>
    t.same(seen.names, Object.keys(module).filter((name) => name !== '__esModule').sort(), `${specifier}: the module's export names`)
    t.equal(seen.type, typeof module, `${specifier}: what require() returns is of the same kind`)
  }
})
