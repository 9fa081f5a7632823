// An app served the way Bun's and Deno's own docs serve a module: Bun serves an entry whose default
// export has a `fetch` method (`export default app`), `deno serve` one whose default export is an
// object with its own `fetch` (`export default { fetch: app.fetch }`), as docs/runtimes.md says.
import t from 'tap'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const fixtures = join(root, 'integration-tests/runtimes/default-export')
// Two runtimes start here: room for a loaded machine.
t.setTimeout(120_000)

const runtimes = [
  // Bun prints its address on stdout, `deno serve` on stderr.
  { name: 'Bun (`export default app`)', command: join(root, 'node_modules/.bin/bun'), args: [join(fixtures, 'bun-entry.mjs')], printsOn: 'stdout' as const },
  { name: 'Deno (`deno serve`)', command: join(root, 'node_modules/.bin/deno'), args: ['serve', '--allow-all', '--no-lock', '--port', '0', '--host', '127.0.0.1', join(fixtures, 'deno-entry.mjs')], printsOn: 'stderr' as const }
]

async function addressIn (output: Readable): Promise<string | undefined> {
  for await (const line of createInterface({ input: output })) {
    const found = /(http:\/\/[^\s/]+)/.exec(String(line))?.[1]
    if (found !== undefined) return found
  }
  return undefined
}

for (const runtime of runtimes) {
  t.test(`${runtime.name} serves the app's default export`, async (t) => {
    const child = spawn(runtime.command, runtime.args, { cwd: root, env: { ...process.env, PORT: '0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] })
    t.teardown(async () => {
      if (child.exitCode === null) {
        child.kill()
        await once(child, 'exit')
      }
    })
    const base = await addressIn(runtime.printsOn === 'stdout' ? child.stdout : child.stderr)
    t.ok(base, 'the runtime printed the address it serves at')

    const hello = await fetch(`${base!}/hello/ada`)
    t.equal(hello.status, 200)
    t.equal(hello.headers.get('content-type'), 'application/json; charset=utf-8')
    // The runtime's server passed its argument: request.ip is the client's address.
    t.same(await hello.json(), { hello: 'ada', ip: 'string' })

    const valid = await fetch(`${base!}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"7"}' })
    t.same([valid.status, await valid.json()], [200, { n: 7 }], 'the body validated and coerced')
    const invalid = await fetch(`${base!}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"seven"}' })
    t.same([invalid.status, await invalid.json()], [400, { statusCode: 400, error: 'Bad Request', message: 'body/n should be integer' }], 'an invalid body refused')
    const missing = await fetch(`${base!}/nowhere`)
    t.equal(missing.status, 404)
    await missing.arrayBuffer()
  })
}
