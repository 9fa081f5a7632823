// After `tsc -b`, `npm run build` removes the `'module.exports'` export name from every published
// package's built declaration files (the JavaScript keeps it).
//
// Why: the name is what require() of the ES module returns (Node ≥ 20.19), so `require('fastify')`
// is the factory, as Fastify's is. In a .d.ts, though, a string export name is syntax TypeScript reads
// only from 5.6 on; older compilers (tsd, which the official plugins' type tests run, bundles 5.4)
// stop at that line with "Identifier expected" in a package they only import. Types never need the
// name: TypeScript's callers reach the factory through the default export and the named ones.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** An export list's `x as 'module.exports'` specifier, with its separating comma. */
const moduleExportsSpecifier = /(?:\s*[\w$]+\s+as\s+['"]module\.exports['"]\s*,|,?\s*[\w$]+\s+as\s+['"]module\.exports['"])/g

/** The declaration text without the name; an export list left empty goes as a whole. */
export function withoutModuleExportsName (source) {
  return source
    .replace(/export\s*\{([^}]*)\}/g, (statement, list) => {
      if (!/['"]module\.exports['"]/.test(list)) return statement
      const kept = list.replace(moduleExportsSpecifier, '').trim()
      return kept === '' ? '' : `export { ${kept} }`
    })
    .replace(/^\s*;\s*$/gm, '')
}

function declarationFiles (dir) {
  const files = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...declarationFiles(path))
    else if (name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  let changed = 0
  for (const workspace of workspaces) {
    let files
    try { files = declarationFiles(join(root, workspace, 'dist')) } catch { continue }
    for (const file of files) {
      const source = readFileSync(file, 'utf8')
      if (!source.includes('module.exports')) continue
      const stripped = withoutModuleExportsName(source)
      if (stripped !== source) { writeFileSync(file, stripped); changed++ }
    }
  }
  console.log(`removed 'module.exports' from ${changed} declaration files`)
}
