// Reads core/src's relative imports with the TypeScript compiler API, so `import type` and
// `import { type X }` are told apart from imports that load a module at run time.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const coreSrc = join(repoRoot, 'core', 'src')

/**
 * Core's layers, lowest first; a file may import (values) from its own layer or a lower one.
 * docs/architecture.md ("Layers") shows the same list: change both together.
 * An entry ending in `/` is a folder; a file entry wins over its folder's.
 */
export const layers = [
  ['symbols.ts', 'util/', 'errors/', 'types/'],
  ['logging/', 'schema/', 'request/', 'routing/http-methods.ts'],
  ['lifecycle/hooks.ts', 'lifecycle/run-hooks.ts', 'lifecycle/application-hooks.ts', 'lifecycle/done-called-last.ts', 'lifecycle/compile-chain.ts', 'lifecycle/handler-tracing.ts'],
  ['reply/'],
  ['lifecycle/handle-request.ts', 'lifecycle/response-events.ts', 'lifecycle/handler-timeout.ts'],
  ['routing/'],
  ['server/', 'instance/'],
  ['options.ts', 'option-coercion.ts', 'unknown-option-warning.ts', 'profile.ts', 'enclave.ts', 'index.ts', 'internal.ts']
]

/** The layer number (1 = lowest) of a path relative to core/src, or undefined when no entry names it. */
export function layerOf (file) {
  let best
  let bestLength = -1
  layers.forEach((entries, index) => {
    for (const entry of entries) {
      const matches = entry.endsWith('/') ? file.startsWith(entry) : file === entry
      if (matches && entry.length > bestLength) {
        best = index + 1
        bestLength = entry.length
      }
    }
  })
  return best
}

export function listTsFiles (dir) {
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...listTsFiles(full))
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full)
  }
  return files.sort()
}

function toPosix (path) {
  return path.split(sep).join(posix.sep)
}

// An import with only type bindings is erased by tsc (no verbatimModuleSyntax in tsconfig.base.json).
function isTypeOnlyImport (node) {
  const clause = node.importClause
  if (clause === undefined) return false // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true
  if (clause.name !== undefined) return false
  const bindings = clause.namedBindings
  if (bindings === undefined || ts.isNamespaceImport(bindings)) return false
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly)
}

function isTypeOnlyExport (node) {
  if (node.isTypeOnly) return true
  const clause = node.exportClause
  return clause !== undefined && ts.isNamedExports(clause) &&
    clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly)
}

/**
 * Every relative import of every file under `srcDir` (core/src by default): `{ from, to, typeOnly,
 * line }`, paths relative to `srcDir` with `/`. Dynamic `import()` is left out: it never takes part in a load-time cycle.
 */
export function readCoreImports (srcDir = coreSrc) {
  const files = listTsFiles(srcDir).map((full) => toPosix(relative(srcDir, full)))
  const edges = []
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
    for (const node of source.statements) {
      let typeOnly
      if (ts.isImportDeclaration(node)) typeOnly = isTypeOnlyImport(node)
      else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) typeOnly = isTypeOnlyExport(node)
      else continue
      const specifier = node.moduleSpecifier.text
      if (!specifier.startsWith('.')) continue
      const target = posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, '.ts')
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
      edges.push({ from: file, to: target, typeOnly, line })
    }
  }
  return { files, edges }
}

/** Strongly connected groups of more than one file (or a file importing itself) in the value-import graph. */
export function findValueCycles ({ files, edges }) {
  const next = new Map(files.map((file) => [file, []]))
  for (const edge of edges) {
    if (!edge.typeOnly && next.has(edge.to)) next.get(edge.from).push(edge.to)
  }
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map()
  const low = new Map()
  const onStack = new Set()
  const stack = []
  const groups = []
  let counter = 0
  for (const start of files) {
    if (index.has(start)) continue
    const work = [[start, 0]]
    index.set(start, counter); low.set(start, counter); counter++
    stack.push(start); onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const [node, position] = frame
      const targets = next.get(node)
      if (position < targets.length) {
        frame[1]++
        const target = targets[position]
        if (!index.has(target)) {
          index.set(target, counter); low.set(target, counter); counter++
          stack.push(target); onStack.add(target)
          work.push([target, 0])
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1][0]
        low.set(parent, Math.min(low.get(parent), low.get(node)))
      }
      if (low.get(node) === index.get(node)) {
        const group = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          group.push(member)
        } while (member !== node)
        if (group.length > 1 || targets.includes(node)) groups.push(group.sort())
      }
    }
  }
  return groups
}

/** One shortest value-import loop through `group`, for a readable report: `a.ts → b.ts → a.ts`. */
export function sampleCycle (group, edges) {
  const members = new Set(group)
  const next = new Map(group.map((file) => [file, []]))
  for (const edge of edges) {
    if (!edge.typeOnly && members.has(edge.from) && members.has(edge.to)) next.get(edge.from).push(edge.to)
  }
  const start = group[0]
  const previous = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const target of next.get(node)) {
      if (target === start) {
        const path = [node]
        while (previous.get(path[0]) !== null) path.unshift(previous.get(path[0]))
        return [...path, start]
      }
      if (!previous.has(target)) {
        previous.set(target, node)
        queue.push(target)
      }
    }
  }
  return [start]
}

/** Value imports from a lower layer to a higher one, and files no layer names. */
export function findLayerProblems ({ files, edges }) {
  const unlayered = files.filter((file) => layerOf(file) === undefined)
  const upward = []
  for (const edge of edges) {
    if (edge.typeOnly) continue
    const fromLayer = layerOf(edge.from)
    const toLayer = layerOf(edge.to)
    if (fromLayer !== undefined && toLayer !== undefined && toLayer > fromLayer) {
      upward.push({ ...edge, fromLayer, toLayer })
    }
  }
  return { unlayered, upward }
}
