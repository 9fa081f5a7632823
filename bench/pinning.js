// Where processes run: servers on CPU 0, the load generator on CPU 1, when taskset exists and the
// machine has two CPUs or more; otherwise everything runs unpinned and the report says so.
import { spawnSync } from 'node:child_process'
import os from 'node:os'

function hasTaskset () {
  const probe = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' })
  return probe.status === 0
}

export const pinning = (() => {
  const cpus = os.availableParallelism?.() ?? os.cpus().length
  if (cpus < 2) return { enabled: false, reason: `only ${cpus} CPU available`, cpus }
  if (!hasTaskset()) return { enabled: false, reason: 'taskset not found', cpus }
  return { enabled: true, reason: 'taskset', cpus }
})()

/** The command and arguments that run `node args…` pinned to `cpu` (or unpinned). */
export function pinnedNode (cpu, nodeArgs) {
  if (!pinning.enabled) return { command: process.execPath, args: nodeArgs }
  return { command: 'taskset', args: ['-c', String(cpu), process.execPath, ...nodeArgs] }
}

export const serverCpu = 0
export const loadCpu = 1
