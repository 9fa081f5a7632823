// CPU time workerd spends starting a Worker and answering its first requests, read from /proc
// (Linux). Run: node --import=@tapjs/typescript/import integration-tests/workers/measure-startup.ts
// Each variant gets its own workerd process, `runs` times; the medians are printed.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startWorkerd } from './workerd.js'

const ticksPerSecond = 100
function cpuMs (pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 1000 / ticksPerSecond
}

function path (relative: string): string {
  return fileURLToPath(new URL(relative, import.meta.url))
}

const variants = [
  { name: 'plain Worker (no Enclave)', entry: 'plain-worker.ts', app: 'hello-app.ts', path: '/', body: undefined },
  { name: 'hello (1 route, no schema)', entry: 'hello-worker.ts', app: 'hello-app.ts', path: '/', body: undefined },
  { name: '100 schema routes, ready() on the first request', entry: 'many-routes-worker.ts', app: 'many-routes-app.ts', path: '/items7/1', body: '{"name7":"x"}' }
]
const runs = Number(process.env.RUNS ?? 5)

function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

for (const variant of variants) {
  const start: number[] = []
  const first: number[] = []
  const later: number[] = []
  let bytes = 0
  for (let i = 0; i < runs; i++) {
    const workerd = await startWorkerd([{ name: 'measured', entry: path(variant.entry), app: path(variant.app), minify: process.env.MINIFY === '1' }])
    try {
      const init = variant.body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: variant.body }
      const url = workerd.urls.measured! + variant.path
      const atListen = cpuMs(workerd.pid)
      const response = await fetch(url, init)
      if (response.status !== 200) throw new Error(`${variant.name}: ${response.status} ${await response.text()}`)
      await response.arrayBuffer()
      const afterFirst = cpuMs(workerd.pid)
      for (let j = 0; j < 20; j++) await (await fetch(url, init)).arrayBuffer()
      const afterLater = cpuMs(workerd.pid)
      start.push(atListen)
      first.push(afterFirst - atListen)
      later.push((afterLater - afterFirst) / 20)
      bytes = workerd.bytes.measured ?? 0
    } finally {
      await workerd.close()
    }
  }
  console.log(`${variant.name}: bundle ${(bytes / 1024).toFixed(0)} KiB; workerd CPU to listening ${median(start)} ms, first request ${median(first)} ms, each later request ${median(later).toFixed(1)} ms (median of ${runs})`)
}
