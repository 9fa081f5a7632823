// After `tsc -b` and the import entries, `npm run build` writes a CommonJS copy of each published
// package's `dist/` into `dist/cjs/`, the target of the `require` and `module` conditions of its exports.
//
// Why: Node ≥ 20.19, Bun and Deno require the ES modules themselves (the `module-sync` and `bun`
// conditions, so import and require share one module instance). Loaders that cannot require an ES
// module — Jest's module registry, Vitest's VM pools, Node with `--no-experimental-require-module` —
// match `require` instead and get this copy, so a Fastify app's test suite loads the faces as it
// loads Fastify; inside such a loader every package comes through `require`, so they share its
// copies. Bundlers match `module` and get it too: its lazy loads are require() calls they follow.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transformSync } from 'esbuild'
import { importEntriesOf } from './write-import-entries.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const copyDir = 'cjs'

/** The dist files to copy: every module but the generated import entries and their `.names.js` modules, and not the copy itself. */
function modulesUnder (dir, skip, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (path === skip) continue
    if (entry.isDirectory()) modulesUnder(path, skip, found)
    else if (entry.name.endsWith('.js') && !entry.name.endsWith('.import.js') && !entry.name.endsWith('.names.js')) found.push(path)
  }
  return found
}

/**
 * One module as CommonJS. Its lazy loads become plain require() calls (asPlainRequires); a module
 * that still read `import.meta` would get an empty object there, so the build refuses it. A default
 * import of another package takes its `module.exports`, as Node's ES module loader does (esbuild's
 * transform alone would take a Babel-style `default`); Enclave's own packages are ES modules there too.
 * A module exporting the name 'module.exports' is copied to `<name>.namespace.js`, and `<name>.js`
 * gives that export to require(), as Node does for the ES module; Enclave's packages require the
 * namespace of each other's copies.
 * Another Enclave package is required by its copy's path: a loader that resolves with Node's
 * conditions but cannot run an ES module (Vitest's VM pools) would otherwise get the ES module.
 */
export function commonJsOf (source, esmPath, copyPathOf) {
  const plain = asPlainRequires(source)
  if (plain.includes('import.meta')) throw new Error(`${esmPath} reads import.meta, which its CommonJS copy cannot give`)
  const { code } = transformSync(plain, { loader: 'js', format: 'cjs', platform: 'node', target: 'node20' })
  return code
    .replace(/__toESM\(require\(("(?!@enclave\/)[^".][^"]*")\)\)/g, '__toESM(require($1), 1)')
    .replace(/require\("(@enclave\/[^"]+)"\)/g, (call, specifier) => `require(${JSON.stringify(copyPathOf(specifier))})`)
}

// A module's own require() for what it loads lazily (`createRequire(import.meta.url)`), and that
// require()'s name when the module keeps it in a variable.
const ownRequire = /(?:const|let|var)\s+require\s*=\s*(?:\w+\.)?createRequire\(import\.meta\.url\);?/g
const ownRequireCall = /(?:\w+\.)?createRequire\(import\.meta\.url\)/g
const packageFileRequire = /\brequire\((['"])(\.\.\/[^'"]*\.json)\1\)/g

/**
 * The copy's lazy loads are plain require() calls with literal names, which a bundler follows (the
 * `module` condition gives bundlers the copy): a package file named relative to the module is one
 * folder further up from `dist/cjs/` than from `dist/`.
 */
function asPlainRequires (source) {
  return source.replace(ownRequire, '').replace(ownRequireCall, 'require').replace(packageFileRequire, 'require($1../$2$1)')
}

/** Whether an ES module exports the name 'module.exports' (what Node's require() of it returns). */
function namesModuleExports (source) {
  return /as 'module\.exports'|as "module\.exports"/.test(source)
}

export function writeCommonJsCopy (packageDir, copyPathOf) {
  const dist = join(packageDir, 'dist')
  const target = join(dist, copyDir)
  rmSync(target, { recursive: true, force: true })
  let written = 0
  for (const esmPath of modulesUnder(dist, target)) {
    const cjsPath = join(target, relative(dist, esmPath))
    mkdirSync(dirname(cjsPath), { recursive: true })
    const source = readFileSync(esmPath, 'utf8')
    if (namesModuleExports(source)) {
      const namespacePath = cjsPath.replace(/\.js$/, '.namespace.js')
      writeFileSync(namespacePath, commonJsOf(source, esmPath, copyPathOf))
      writeFileSync(cjsPath, `module.exports = require(${JSON.stringify('./' + basename(namespacePath))})["module.exports"];\n`)
    } else {
      writeFileSync(cjsPath, commonJsOf(source, esmPath, copyPathOf))
    }
    written++
  }
  writeFileSync(join(target, 'package.json'), JSON.stringify({ type: 'commonjs' }) + '\n')
  return written
}

/**
 * `@enclave/<name>[/<subpath>]` as the path of its CommonJS copy (`@enclave/core/internal` →
 * `@enclave/core/dist/cjs/internal.js`), from the package's exports (`./dist/cjs/*` is exported).
 */
function copyPaths (manifests) {
  const copies = new Map()
  return function copyPathOf (specifier) {
    let copy = copies.get(specifier)
    if (copy === undefined) copies.set(specifier, copy = copyPathFor(manifests, specifier))
    return copy
  }
}

function copyPathFor (manifests, specifier) {
  const [scope, name, ...rest] = specifier.split('/')
  const packageName = `${scope}/${name}`
  const manifest = manifests.get(packageName)
  const conditions = manifest?.exports?.[rest.length === 0 ? '.' : './' + rest.join('/')]
  const target = typeof conditions === 'object' && conditions !== null ? conditions['module-sync'] : undefined
  if (typeof target !== 'string' || !target.startsWith('./dist/')) throw new Error(`no CommonJS copy for ${specifier}`)
  const copy = `${packageName}/dist/cjs/${target.slice('./dist/'.length)}`
  return namesModuleExports(readFileSync(join(manifest.dir, target), 'utf8')) ? copy.replace(/\.js$/, '.namespace.js') : copy
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const published = new Map()
  for (const workspace of rootManifest.workspaces) {
    const dir = join(root, workspace)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    if (importEntriesOf(manifest).length > 0) published.set(manifest.name, { dir, manifest })
  }
  const copyPathOf = copyPaths(new Map([...published].map(([name, { dir, manifest }]) => [name, { ...manifest, dir }])))
  let packages = 0
  let modules = 0
  for (const { dir } of published.values()) {
    modules += writeCommonJsCopy(dir, copyPathOf)
    packages++
  }
  console.log(`wrote CommonJS copies of ${modules} modules in ${packages} packages`)
}
