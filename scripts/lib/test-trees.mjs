// The test trees of package.json's "tap"."include" and where `npm test` compiles each of them.
//
// An include pattern such as `compilers/*/test/**/*.test.ts` has a base, the directories before its
// first `**` (`compilers/*/test`, one tree per match of `*`). A tree's compiled copy is a sibling of
// it, `<base>-dist` (`compilers/zod/test-dist`): at the same depth, so every path a test computes from
// its own location (`../dist`, `../../docs`, `./fixtures/…`) reaches the same place from the copy,
// and modules resolve from the same node_modules folders.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = new URL('../../', import.meta.url)

/** `a/*\/b` → every existing directory it names, relative to the repository root. */
function expandDirectories (pattern) {
  let found = ['']
  for (const segment of pattern.split('/')) {
    const next = []
    for (const dir of found) {
      const names = segment === '*' ? readdirSync(new URL(dir || '.', root)) : [segment]
      for (const name of names) {
        const path = dir === '' ? name : `${dir}/${name}`
        if (name !== 'node_modules' && isDirectory(path)) next.push(path)
      }
    }
    found = next
  }
  return found
}

function isDirectory (path) {
  try {
    return statSync(new URL(path, root)).isDirectory()
  } catch {
    return false
  }
}

/** The compiled name of a TypeScript file: `x.ts` → `x.js`, `x.mts` → `x.mjs`, `x.cts` → `x.cjs`. */
export function compiledName (file) {
  return file.replace(/\.([mc]?)ts$/, '.$1js')
}

export function mirrorOf (base) {
  return `${base}-dist`
}

/**
 * `{ trees, includes }`: each tree's source and compiled directory (relative to the repository root),
 * and tap's include patterns for the compiled test files.
 */
export function testTrees () {
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
  const trees = new Map()
  const includes = []
  for (const pattern of manifest.tap.include) {
    const segments = pattern.split('/')
    const globstar = segments.indexOf('**')
    if (globstar < 1) throw new Error(`tap include pattern ${pattern}: expected <directory>/**/<files>`)
    if (segments.slice(0, globstar).some((segment) => segment.includes('*') && segment !== '*')) {
      throw new Error(`tap include pattern ${pattern}: before **, only whole-segment * is supported`)
    }
    const base = segments.slice(0, globstar).join('/')
    includes.push([mirrorOf(base), ...segments.slice(globstar)].join('/').replace(/\.([mc]?)ts$/, '.$1js'))
    for (const source of expandDirectories(base)) trees.set(source, { source, mirror: mirrorOf(source) })
  }
  return { trees: [...trees.values()], includes }
}

export const repositoryRoot = fileURLToPath(root)
