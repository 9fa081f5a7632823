// `npm run check:cycles`: fails on a value import cycle between core/src files and on a value import
// that goes up core's layers (docs/architecture.md, "Layers"). Type-only imports are erased by tsc
// and cannot make a module load before its dependency, so they are not counted.
import { findLayerProblems, findValueCycles, readCoreImports, sampleCycle } from './lib/core-imports.mjs'

const graph = readCoreImports()
const cycles = findValueCycles(graph)
const { unlayered, upward } = findLayerProblems(graph)

for (const group of cycles) {
  console.log(`cycle (${group.length} files): ${sampleCycle(group, graph.edges).join(' → ')}`)
  console.log(`  all files in it: ${group.join(', ')}`)
}
for (const edge of upward) {
  console.log(`up the layers: ${edge.from}:${edge.line} (layer ${edge.fromLayer}) imports ${edge.to} (layer ${edge.toLayer})`)
}
for (const file of unlayered) {
  console.log(`no layer: ${file} (add it to the layers in scripts/lib/core-imports.mjs and docs/architecture.md)`)
}

const problems = cycles.length + upward.length + unlayered.length
if (problems > 0) {
  console.log(`\ncheck:cycles failed: ${cycles.length} value import cycle(s), ${upward.length} import(s) up the layers, ${unlayered.length} file(s) without a layer`)
  process.exitCode = 1
} else {
  console.log(`check:cycles: ${graph.files.length} core files, no value import cycle, every import points down the layers`)
}
