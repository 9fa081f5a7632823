// A header value with characters beyond ASCII (a file name) goes out as the same bytes whoever
// serves the app: Node's server writes it as UTF-8, and Bun.serve and Deno.serve, whose Web Headers
// are byte strings, are given those bytes (core/src/server/web-response.ts, wireValue).
import t from 'tap'
import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { plainChild } from '../../core/test/fixtures/plain-child.js'

const run = promisify(execFile)
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const script = join(root, 'integration-tests/runtimes/header-bytes.mjs')

async function bytesOn (command: string, args: string[]): Promise<unknown> {
  const [file, argv] = plainChild(command, [...args, script])
  const { stdout } = await run(file, argv, { cwd: root, env: { ...process.env, NO_COLOR: '1' } })
  return JSON.parse(stdout)
}

t.test('a non-ASCII header value: the same bytes from listen(), Bun.serve and Deno.serve', async (t) => {
  const utf8 = (text: string): string => Buffer.from(text, 'utf8').toString('hex')
  const [node, bun, deno] = await Promise.all([
    bytesOn(process.execPath, []),
    bytesOn(join(root, 'node_modules/.bin/bun'), []),
    bytesOn(join(root, 'node_modules/.bin/deno'), ['run', '--allow-all', '--no-lock', '--quiet'])
  ])
  t.same(node, { 'content-disposition': utf8('attachment; filename="café.csv"'), 'x-names': utf8('Zoë, ascii only') }, 'Node writes UTF-8')
  t.same(bun, node, 'Bun.serve')
  t.same(deno, node, 'Deno.serve')
})
