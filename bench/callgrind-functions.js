// Instructions per request per function of one kept callgrind window, JIT code included: callgrind
// names V8's generated code by address only, so each address is looked up in the perf map V8 writes
// with --perf-basic-prof (/tmp/perf-<pid>.map: start, size, name, in hex).
//
//   NODE_OPTIONS=--perf-basic-prof node bench/instructions.js --scenarios S5 --peers enclave --processes 1 --keep
//   node bench/callgrind-functions.js <dir>/callgrind.out.N /tmp/perf-<server pid>.map [requests=2000] [top=40] [filter] [--inclusive]
//
// --inclusive ranks by a function's own cost plus what its calls cost (a function that calls itself,
// directly or not, counts the nested part twice): where a part of the request starts, what it costs.
// The server's map is the larger of the two new ones (the other is the runner's). Costs are self
// costs (a callee's instructions are its own row); `'2` marks a function entered again while running.
import { readFileSync } from 'node:fs'
import { callgrindFunctionName } from './instructions.js'

const inclusiveMode = process.argv.includes('--inclusive')
// --callers=<name part>: who calls the functions whose name contains it, and what those calls cost
// (inclusive), e.g. --callers=Megamorphic to find the megamorphic property accesses.
const callersOf = process.argv.find((arg) => arg.startsWith('--callers='))?.slice('--callers='.length)
// --callees=<name part>: what the functions whose name contains it call, and what those calls cost
// (inclusive), e.g. --callees=dispatchRoute to split a part of the request into its steps.
const calleesOf = process.argv.find((arg) => arg.startsWith('--callees='))?.slice('--callees='.length)
const [dumpFile, mapFile, requestsArg, topArg, filter] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
if (dumpFile === undefined || mapFile === undefined) {
  console.error('usage: node bench/callgrind-functions.js <callgrind.out.N> <perf-PID.map> [requests=2000] [top=40] [filter]')
  process.exit(2)
}
const requests = Number(requestsArg ?? 2000)
const top = Number(topArg ?? 40)

/** The perf map's code ranges, sorted by start; code moved or replaced later has a later line. */
function readPerfMap (text) {
  const ranges = []
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line)
    if (match !== null) ranges.push({ start: parseInt(match[1], 16), end: parseInt(match[1], 16) + parseInt(match[2], 16), name: match[3] })
  }
  return ranges.sort((a, b) => a.start - b.start)
}

function nameAt (ranges, address) {
  let low = 0
  let high = ranges.length - 1
  let found = null
  while (low <= high) {
    const middle = (low + high) >> 1
    if (ranges[middle].start <= address) { found = ranges[middle]; low = middle + 1 } else high = middle - 1
  }
  return found !== null && address < found.end ? found.name : null
}

const ranges = readPerfMap(readFileSync(mapFile, 'utf8'))
const names = new Map()
const selfCost = new Map()
const callCost = new Map()
let current = ''
let callee = ''
const byCaller = new Map()
let afterCalls = false
let total = 0
for (const line of readFileSync(dumpFile, 'utf8').split('\n')) {
  if (line.startsWith('fn=')) {
    const name = callgrindFunctionName(line, names)
    const address = /^0x([0-9a-f]+)/.exec(name)
    current = address === null ? name : (nameAt(ranges, parseInt(address[1], 16)) ?? name)
    continue
  }
  if (line.startsWith('calls=')) { afterCalls = true; continue }
  if (line.startsWith('cfn=')) {
    const match = /^cfn=\((\d+)\)\s+(.+)$/.exec(line)
    if (match !== null) names.set(match[1], match[2])
    const calleeName = callgrindFunctionName(line.replace(/^cfn=/, 'fn='), names)
    const address = /^0x([0-9a-f]+)/.exec(calleeName)
    callee = address === null ? calleeName : (nameAt(ranges, parseInt(address[1], 16)) ?? calleeName)
    continue
  }
  const first = line.charCodeAt(0)
  if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) {
    const parts = line.split(' ')
    const cost = Number(parts[parts.length - 1])
    // The line after `calls=` is the callee's inclusive cost, not the caller's own.
    if (afterCalls) {
      afterCalls = false
      callCost.set(current, (callCost.get(current) ?? 0) + cost)
      if ((callersOf !== undefined && callee.includes(callersOf)) || (calleesOf !== undefined && current.includes(calleesOf))) {
        const key = `${current}  ->  ${callee}`
        byCaller.set(key, (byCaller.get(key) ?? 0) + cost)
      }
      continue
    }
    total += cost
    selfCost.set(current, (selfCost.get(current) ?? 0) + cost)
  }
}

console.log(`${Math.round(total / requests)} instructions per request (${requests} requests)`)
if (callersOf !== undefined || calleesOf !== undefined) {
  if (calleesOf !== undefined) {
    for (const [name, cost] of selfCost) if (name.includes(calleesOf)) console.log(`${String(Math.round(cost / requests)).padStart(8)}  ${name} (own)`)
  }
  for (const [name, cost] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(Math.round(cost / requests)).padStart(8)}  ${name}`)
  process.exit(0)
}
const costs = inclusiveMode ? new Map([...selfCost].map(([name, cost]) => [name, cost + (callCost.get(name) ?? 0)])) : selfCost
const rows = [...costs].filter(([name]) => filter === undefined || name.includes(filter)).sort((a, b) => b[1] - a[1]).slice(0, top)
for (const [name, cost] of rows) console.log(`${String(Math.round(cost / requests)).padStart(8)}  ${name}`)
