// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time and
// the most inclusive time. `node bench/profile-summary.js <file.cpuprofile> [top=25] [filter]`
import { readFileSync } from 'node:fs'

const [file, topArg, filter] = process.argv.slice(2)
const top = Number(topArg ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)

const selfSamples = new Map()
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1)
const total = profile.samples.length

function keyOf (node) {
  const { functionName, url, lineNumber } = node.callFrame
  const where = url === '' ? '' : url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(core|compilers|bench)\//, '$1/')
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`
}

const self = new Map()
const inclusive = new Map()
for (const [id, count] of selfSamples) {
  const node = nodes.get(id)
  const key = keyOf(node)
  self.set(key, (self.get(key) ?? 0) + count)
  const seen = new Set()
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const ancestorKey = keyOf(nodes.get(at))
    if (seen.has(ancestorKey)) continue
    seen.add(ancestorKey)
    inclusive.set(ancestorKey, (inclusive.get(ancestorKey) ?? 0) + count)
  }
}

function print (title, map) {
  console.log(`\n${title} (of ${total} samples)`)
  const entries = [...map].filter(([key]) => filter === undefined || key.includes(filter)).sort((a, b) => b[1] - a[1]).slice(0, top)
  for (const [key, count] of entries) console.log(`${(count / total * 100).toFixed(1).padStart(5)}%  ${key}`)
}
print('self time', self)
print('inclusive time', inclusive)
