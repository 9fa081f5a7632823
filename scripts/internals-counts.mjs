// `node scripts/internals-counts.mjs`: the numbers issue #18 tracks before and after, read from the
// sources (no build needed).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { coreSrc, findLayerProblems, findValueCycles, readCoreImports } from './lib/core-imports.mjs'

// The AST, not a text search: `any` in comments, strings and names like `company` is not counted.
function countAnyKeywords (file) {
  const text = readFileSync(join(coreSrc, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  let count = 0
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) count++
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { count, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }
}

const graph = readCoreImports()
const runtimeFiles = graph.files.filter((file) => !file.startsWith('types/'))
let anyTotal = 0
const anyByFile = []
let largest = { file: '', lines: 0 }
for (const file of graph.files) {
  const { count, lines } = countAnyKeywords(file)
  if (lines > largest.lines) largest = { file, lines }
  if (runtimeFiles.includes(file)) {
    anyTotal += count
    if (count > 0) anyByFile.push([file, count])
  }
}
anyByFile.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
const cycles = findValueCycles(graph)
const { upward } = findLayerProblems(graph)

console.log(`any in core runtime files (core/src minus types/): ${anyTotal}`)
console.log(`  most: ${anyByFile.slice(0, 5).map(([file, count]) => `${file} ${count}`).join(', ') || 'none'}`)
console.log(`value import cycles: ${cycles.length} (${cycles.reduce((sum, group) => sum + group.length, 0)} files in them)`)
console.log(`layer violations (value imports up the layers): ${upward.length}`)
console.log(`core files: ${graph.files.length}; largest: ${largest.file} (${largest.lines} lines)`)
