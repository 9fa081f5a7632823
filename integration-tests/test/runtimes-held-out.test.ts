// The held-out apps (runtimes/held-out/apps.mjs) on Node, Bun and Deno, in CI: each answers its
// requests the same through inject(), app.fetch() (and Bun.serve, Deno.serve) and listen() (the
// runtime's node:http on Bun and Deno), and each v5 app as it does on fastify@5.12.8. As Workers on
// workerd they are audited by hand with the same script (its header says how: the builds take a minute).
import t from 'tap'
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { plainChild } from '../../core/test/fixtures/plain-child.js'

const run = promisify(execFile)
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))

// Three runtimes start here, one after another: room for a loaded machine.
t.setTimeout(180_000)

t.test('every held-out answer on Node, Bun and Deno is inject()\'s, and fastify@5.12.8\'s for the v5 apps', async (t) => {
  const [file, args] = plainChild(process.execPath, [resolve(root, 'integration-tests/runtimes/held-out/compare.mjs')])
  const { stdout } = await run(file, args, { cwd: root, env: { ...process.env, RUNTIMES: 'node,bun,deno' }, maxBuffer: 1 << 24 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }))
  t.equal(stdout.split('\n').filter((line) => line.startsWith('DIFFERS') || line.startsWith('MISSING')).join('\n'), '', 'no unexpected difference')
  t.match(stdout, /every held-out answer is inject\(\)'s/)
})
