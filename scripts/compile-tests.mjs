// `node scripts/compile-tests.mjs`: compiles every test tree of package.json's "tap"."include" to its
// sibling `<tree>-dist` (scripts/lib/test-trees.mjs), so that `npm test` runs plain JavaScript without
// a TypeScript loader in each test process (docs/architecture.md, "How tests run").
//
// Each copy is made afresh: the tree's files copied as they are (fixtures, and the `.ts` sources that
// tests read or start as child processes), then each `.ts` compiled beside its copy with the options
// tsx uses (esbuild, the root tsconfig.json, names kept, linked source maps naming the `.ts`).
// Relative imports are rewritten to reach the compiled file: into another tree's copy when they cross
// trees, unchanged otherwise. A test that needs TypeScript outside the trees (a relative or package
// import that lands on a `.ts` source, an `import()` of a computed path), directly or through the
// modules it imports, is compiled to a stub that registers tsx and imports the test's source instead.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compiledName, repositoryRoot, testTrees } from './lib/test-trees.mjs'

// esbuild is tsx's own: the compiled files must match what tsx makes of the same sources.
const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))
const esbuild = requireFromTsx('esbuild')

const builtins = new Set(builtinModules)
// Not part of a tree's copy: installed packages, and build output (examples/dist is examples' own build).
const skippedDirectories = new Set(['node_modules', 'dist'])

/** Every file below `dir` (absolute paths), without node_modules and build output. */
function filesBelow (dir) {
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!skippedDirectories.has(entry.name)) files.push(...filesBelow(path))
    } else files.push(path)
  }
  return files
}

const isTypeScript = (file) => /\.[mc]?ts$/.test(file) && !/\.d\.[mc]?ts$/.test(file)

/** The `.ts` file a relative specifier loads under tsx (`./x.js` → `./x.ts` when only that exists), or null. */
function typeScriptTarget (path) {
  if (isTypeScript(path) && existsSync(path)) return path
  if (existsSync(path)) return null
  for (const [js, ts] of [['.js', '.ts'], ['.mjs', '.mts'], ['.cjs', '.cts']]) {
    if (path.endsWith(js) && existsSync(path.slice(0, -js.length) + ts)) return path.slice(0, -js.length) + ts
  }
  for (const ts of ['.ts', '/index.ts']) if (existsSync(path + ts)) return path + ts
  return null
}

function specifierFrom (dir, target) {
  const path = relative(dir, target).split(sep).join('/')
  return path.startsWith('.') ? path : `./${path}`
}

export async function compileTests () {
  const { trees } = testTrees()
  const absolute = trees.map((tree) => ({ source: join(repositoryRoot, tree.source), mirror: join(repositoryRoot, tree.mirror) }))
  /** The tree an absolute path lies in, or undefined. */
  const treeOf = (path) => absolute.find((tree) => path.startsWith(tree.source + sep))
  const mirrorPath = (path) => {
    const tree = treeOf(path)
    return tree === undefined ? path : join(tree.mirror, relative(tree.source, path))
  }

  const entryPoints = []
  for (const tree of absolute) {
    rmSync(tree.mirror, { recursive: true, force: true })
    cpSync(tree.source, tree.mirror, { recursive: true, filter: (path) => !skippedDirectories.has(path.slice(path.lastIndexOf(sep) + 1)) })
    for (const file of filesBelow(tree.source)) {
      if (isTypeScript(file)) entryPoints.push({ in: file, out: compiledName(mirrorPath(file)).replace(/\.[mc]?js$/, '') })
    }
  }

  /** Why a module cannot run compiled, by its source path. */
  const needsTsx = new Map()
  /** A module's imports of compiled modules, by its source path. */
  const imports = new Map()
  const mark = (file, reason) => { if (!needsTsx.has(file)) needsTsx.set(file, reason) }

  const rewriteImports = {
    name: 'rewrite-imports',
    setup (build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData?.inner === true) return undefined
        const specifier = args.path
        const importer = args.importer
        if (specifier.startsWith('node:') || builtins.has(specifier)) return { path: specifier, external: true }
        if (specifier.startsWith('./') || specifier.startsWith('../')) {
          const target = resolve(args.resolveDir, specifier)
          const typeScript = typeScriptTarget(target)
          if (typeScript !== null && treeOf(typeScript) === undefined) {
            mark(importer, `imports ${relative(repositoryRoot, typeScript)}`)
            return { path: specifier, external: true }
          }
          if (typeScript !== null) {
            if (!imports.has(importer)) imports.set(importer, [])
            imports.get(importer).push(typeScript)
          }
          const compiled = typeScript === null ? mirrorPath(target) : compiledName(mirrorPath(typeScript))
          return { path: specifierFrom(dirname(mirrorPath(importer)), compiled), external: true }
        }
        // A package import that lands on a workspace's TypeScript source needs tsx.
        const resolved = await build.resolve(specifier, { kind: args.kind, resolveDir: args.resolveDir, importer, pluginData: { inner: true } })
        if (resolved.errors.length === 0 && isTypeScript(resolved.path) && !resolved.path.includes(`${sep}node_modules${sep}`)) {
          mark(importer, `imports ${specifier} (${relative(repositoryRoot, resolved.path)})`)
        }
        return { path: specifier, external: true }
      })
      build.onLoad({ filter: /\.[mc]?ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8')
        // import() of anything but a string literal may load TypeScript at run time.
        if (/(?<![\w$.])import\s*\(\s*(?!['"])/.test(source.replace(/\bimport\s*\(\s*\)/g, ''))) mark(args.path, 'calls import() on a computed path')
        return undefined
      })
    }
  }

  const result = await esbuild.build({
    absWorkingDir: repositoryRoot,
    entryPoints,
    outdir: repositoryRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // tsx's transform options (tsx/dist: target, sourcemap, minifyWhitespace, keepNames), so that
    // what a test sees (a function's name or source text) is what it sees under tsx.
    target: `node${process.versions.node}`,
    sourcemap: 'linked',
    sourcesContent: false,
    minifyWhitespace: true,
    keepNames: true,
    tsconfig: join(repositoryRoot, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: [rewriteImports]
  })
  // Ends esbuild's service process now rather than at exit, so that its CPU time counts as this process's.
  await esbuild.stop()
  if (result.errors.length > 0) throw new Error('compiling the tests failed')

  // A module that imports one that needs tsx needs it too.
  let changed = true
  while (changed) {
    changed = false
    for (const [importer, targets] of imports) {
      if (needsTsx.has(importer)) continue
      const needing = targets.find((target) => needsTsx.has(target))
      if (needing !== undefined) {
        needsTsx.set(importer, `imports ${relative(repositoryRoot, needing)}, which ${needsTsx.get(needing)}`)
        changed = true
      }
    }
  }

  const stubs = []
  for (const { in: file } of entryPoints) {
    if (!needsTsx.has(file) || !/\.test\.[mc]?ts$/.test(file)) continue
    const compiled = compiledName(mirrorPath(file))
    writeFileSync(compiled, [
      `// ${relative(repositoryRoot, file)} ${needsTsx.get(file)}: it runs from its source, through tsx.`,
      "import { register } from 'tsx/esm/api'",
      'register()',
      `await import(${JSON.stringify(specifierFrom(dirname(compiled), file))})`,
      ''
    ].join('\n'))
    rmSync(`${compiled}.map`, { force: true })
    stubs.push(relative(repositoryRoot, file))
  }
  return { trees, compiled: entryPoints.length, stubs }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = process.hrtime.bigint()
  const { trees, compiled, stubs } = await compileTests()
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  console.log(`compiled ${compiled} TypeScript files of ${trees.length} test trees in ${seconds.toFixed(1)} s; ${stubs.length} test files run through tsx:`)
  for (const stub of stubs) console.log(`  ${stub}`)
}
