import { readFile } from 'node:fs/promises'
import { isBuiltin } from 'node:module'
import { dirname, sep } from 'node:path'
import * as esbuild from 'esbuild'
import { patchRouterModule } from './router-without-codegen.js'

/** The module the Worker imports for `schemaCache: { code }`; replaced by the generated code. */
export const schemaCodeModule = '@enclave/worker-build/schema-code'

export interface BundleOptions {
  /** The Worker's entry module (TypeScript or JavaScript), whose default export has `fetch`. */
  entry: string
  /** The bundle to write: one ES module. */
  outfile: string
  /** The generated module (precompileSchemas) that stands for `@enclave/worker-build/schema-code`. */
  schemaCode: string
  minify?: boolean
  /** Packages imported under another name: `{ fastify: '@enclave/fastify4' }`. */
  alias?: Record<string, string>
}

// A module that makes its own require() for files beside it: the bundle has no files, so the
// bundler's require takes its place and includes what the literal calls name.
const ownRequire = /(?:const|let|var)\s+require\s*=\s*(?:\w+\.)?createRequire\(import\.meta\.url\);?/g
const ownRequireCall = /(?:\w+\.)?createRequire\(import\.meta\.url\)/g

// workerd's util.debuglog() writes every section whatever NODE_DEBUG says (avvio's would log each
// plugin load of every isolate start): sections are written only when NODE_DEBUG names them.
const quietUtil = `import util from 'node:util'
const sections = String(globalThis.process?.env?.NODE_DEBUG ?? '').split(',')
function debuglog (section, callback) {
  if (sections.includes(section)) return util.debuglog(section, callback)
  const log = function quiet () {}
  log.enabled = false
  return log
}
module.exports = { ...util, debuglog, debug: debuglog }
`

// An ES module's export named 'module.exports' is what Node's require() of it returns (the
// @enclave/fastify4 factory, for `const fastify = require('@enclave/fastify4')`); esbuild's
// require() returns the module's namespace instead, so such a require() is given that export.
const moduleExportsName = /\bas\s+(["'])module\.exports\1/

function namesModuleExports (text: string): boolean {
  return moduleExportsName.test(text)
}

const commonJsCopy = `${sep}dist${sep}cjs${sep}`

function esModuleOf (path: string): string {
  const at = path.lastIndexOf(commonJsCopy)
  return at === -1 ? path : path.slice(0, at) + `${sep}dist${sep}` + path.slice(at + commonJsCopy.length)
}

/**
 * What makes Node packages load on workerd: (1) `createRequire(import.meta.url)` (Enclave's
 * packages read their manifests and fast-json-stringify's schema check with it) becomes the
 * bundler's require; (2) a CommonJS `require('node:events')` becomes an import of the runtime's
 * module, which workerd provides under `nodejs_compat` but cannot require(); (3) the packages'
 * `import` entries (a require() of the CommonJS graph, see scripts/write-import-entries.mjs) are
 * skipped for their targets, and a require() of an ES module gets its 'module.exports' export, as
 * in Node; `util.debuglog` follows NODE_DEBUG; (4) find-my-way's generated functions are closures (see
 * router-without-codegen.ts); (5) `@enclave/worker-build/schema-code` is the generated code.
 */
function workerPlugin (schemaCode: string, alias: Record<string, string>): esbuild.Plugin {
  const aliased = Object.keys(alias)
  return {
    name: 'enclave-worker',
    setup (build) {
      // esbuild's own alias acts after the plugins: an aliased @enclave package must meet the rules below.
      if (aliased.length > 0) {
        const names = aliased.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
        build.onResolve({ filter: new RegExp(`^(?:${names})(?:/|$)`) }, async function aliasedPackage (args) {
          const name = aliased.find((candidate) => args.path === candidate || args.path.startsWith(`${candidate}/`))!
          return await build.resolve(alias[name] + args.path.slice(name.length), { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir })
        })
      }
      build.onResolve({ filter: /^@enclave\/worker-build\/schema-code$/ }, function generated () {
        return { path: 'schema-code', namespace: 'enclave-schema-code' }
      })
      build.onLoad({ filter: /.*/, namespace: 'enclave-schema-code' }, function generatedCode () {
        return { contents: schemaCode, loader: 'js', resolveDir: process.cwd() }
      })
      build.onResolve({ filter: /^@enclave\// }, async function requireEntry (args) {
        if (args.pluginData === 'enclave-entry') return undefined
        const found = await build.resolve(args.path, { kind: 'require-call', importer: args.importer, resolveDir: args.resolveDir, pluginData: 'enclave-entry' })
        // The `require` condition names the package's CommonJS copy (dist/cjs/, for loaders that
        // cannot require an ES module); the bundle takes the ES module it was made from.
        const resolved = found.errors.length > 0 ? found : { ...found, path: esModuleOf(found.path) }
        if (args.kind !== 'require-call' || resolved.errors.length > 0 || !namesModuleExports(await readFile(resolved.path, 'utf8'))) return resolved
        return { path: resolved.path, namespace: 'enclave-module-exports' }
      })
      build.onLoad({ filter: /.*/, namespace: 'enclave-module-exports' }, function moduleExportsOf (args) {
        return { contents: `module.exports = require(${JSON.stringify(args.path)})['module.exports']\n`, loader: 'js', resolveDir: dirname(args.path) }
      })
      build.onResolve({ filter: /^[a-z_:/]+$/ }, function builtinFromRequire (args) {
        if (args.kind !== 'require-call' || !isBuiltin(args.path)) return undefined
        return { path: args.path.startsWith('node:') ? args.path : `node:${args.path}`, namespace: 'enclave-builtin' }
      })
      build.onLoad({ filter: /.*/, namespace: 'enclave-builtin' }, function builtinModule (args) {
        return { contents: args.path === 'node:util' ? quietUtil : `import builtin from ${JSON.stringify(args.path)}\nmodule.exports = builtin\n`, loader: 'js' }
      })
      build.onLoad({ filter: /\.(?:m?js|cjs)$/ }, async function forWorkers (args) {
        const text = await readFile(args.path, 'utf8')
        const patched = patchRouterModule(args.path, text)
        if (patched !== undefined) return { contents: patched, loader: 'js', resolveDir: dirname(args.path) }
        if (!text.includes('createRequire(import.meta.url)')) return undefined
        return { contents: text.replace(ownRequire, '').replace(ownRequireCall, 'require'), loader: 'js', resolveDir: dirname(args.path) }
      })
    }
  }
}

/** Bundles the Worker: one ES module for workerd with `nodejs_compat`. */
export async function bundleWorker (options: BundleOptions): Promise<esbuild.Metafile> {
  const result = await esbuild.build({
    entryPoints: [options.entry],
    outfile: options.outfile,
    bundle: true,
    format: 'esm',
    // Node's modules stay imports: the runtime's (nodejs_compat).
    platform: 'node',
    target: 'es2022',
    conditions: ['workerd', 'worker'],
    minify: options.minify === true,
    metafile: true,
    logLevel: 'warning',
    plugins: [workerPlugin(options.schemaCode, options.alias ?? {})]
  })
  return result.metafile
}
