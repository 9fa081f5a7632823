// The example app (examples/app) served by Bun (Bun.serve with app.fetch) and by Deno (Deno.serve
// with app.fetch) answers the example's own checks, the curl lines its banner prints
// (examples/app/banner-checks.ts; on Node, examples/app/app.test.ts runs them through listen()).
import t from 'tap'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { checkBannerLines } from '../../examples/app/banner-checks.js'

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const apiKey = 'runtime-key'
// Two runtimes start here: room for a loaded machine.
t.setTimeout(180_000)

const runtimes = [
  { name: 'Bun', command: join(root, 'node_modules/.bin/bun'), args: [join(root, 'examples/dist/app/bun.js')] },
  { name: 'Deno', command: join(root, 'node_modules/.bin/deno'), args: ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--no-lock', '--quiet', join(root, 'examples/dist/app/deno.js')] }
]

for (const runtime of runtimes) {
  t.test(`${runtime.name} serves the example app through app.fetch, answering every banner line`, async (t) => {
    const child = spawn(runtime.command, runtime.args, { cwd: root, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', API_KEY: apiKey, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'inherit'] })
    t.teardown(async () => {
      if (child.exitCode === null) {
        child.kill()
        await once(child, 'exit')
      }
    })
    const lines = createInterface({ input: child.stdout })
    let base: string | undefined
    for await (const line of lines) {
      base = /(http:\/\/\S+)/.exec(line)?.[1]
      if (base !== undefined) break
    }
    t.ok(base, `${runtime.name} printed the address it serves at`)
    await checkBannerLines(t, base!, apiKey)
  })
}
