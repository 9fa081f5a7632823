// S2 through app.fetch, in-process, with each way of serializing the response schema in a process of
// its own (one app per process: several apps in one process, as fetch-compare.js has, measured each
// other's serializers 2-3x apart on a loaded machine). Processes alternate between the variants,
// round after round; CPU µs per request, median and range of the rounds.
//   node bench/fetch-serializer-variants.js [--runtimes bun,deno,node] [--rounds 3] [--requests 5000]
// Variants: `default` (what @enclave/fjs chooses), `native` and `string` (fast-json-stringify's
// objectMechanism named), `json` (a bare JSON.stringify, no schema applied: the floor).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const variants = ['default', 'native', 'string', 'json']
const here = fileURLToPath(import.meta.url)

if (process.argv[2] === '--child') {
  const [, , , variant, requestsArg] = process.argv
  const { default: enclave } = await import('@enclave/core')
  const { createSerializerCompiler } = await import('@enclave/fjs')
  const { buildApp } = await import('./servers/fastify-style.js')
  const compilers = {
    native: createSerializerCompiler({}, { objectMechanism: 'native' }),
    string: createSerializerCompiler({}, { objectMechanism: 'default' }),
    json: () => JSON.stringify
  }
  const app = buildApp((options) => {
    const instance = enclave(options)
    if (variant !== 'default') instance.setSerializerCompiler(compilers[variant])
    return instance
  })
  await app.ready()
  const requests = Number(requestsArg)
  let perRequest = 0
  // Three passes, the last counted: the JIT settles in the first two.
  for (let pass = 0; pass < 3; pass++) {
    const start = process.cpuUsage()
    for (let i = 0; i < requests; i++) await (await app.fetch(new Request('http://127.0.0.1/users'))).arrayBuffer()
    const used = process.cpuUsage(start)
    perRequest = (used.user + used.system) / requests
  }
  process.stdout.write(JSON.stringify({ perRequest }) + '\n')
} else {
  const flag = (name, fallback) => {
    const index = process.argv.indexOf(name)
    return index === -1 ? fallback : process.argv[index + 1]
  }
  const root = join(dirname(here), '..')
  const commands = {
    node: [process.execPath, []],
    bun: [join(root, 'node_modules/.bin/bun'), []],
    deno: [join(root, 'node_modules/.bin/deno'), ['run', '--allow-all', '--no-lock', '--quiet']]
  }
  const runtimes = flag('--runtimes', 'bun,deno,node').split(',')
  const rounds = Number(flag('--rounds', '3'))
  const requests = flag('--requests', '5000')
  for (const runtime of runtimes) {
    const [command, args] = commands[runtime]
    const samples = Object.fromEntries(variants.map((variant) => [variant, []]))
    for (let round = 0; round < rounds; round++) {
      for (const variant of variants) {
        const output = execFileSync(command, [...args, here, '--child', variant, requests], { cwd: root, encoding: 'utf8' })
        samples[variant].push(JSON.parse(output.trim().split('\n').pop()).perRequest)
      }
    }
    const line = variants.map((variant) => {
      const sorted = [...samples[variant]].sort((a, b) => a - b)
      return `${variant} ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} (${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)})`
    }).join('  ')
    console.log(`${runtime}: S2 CPU µs per request, median (range) of ${rounds} rounds: ${line}`)
  }
}
