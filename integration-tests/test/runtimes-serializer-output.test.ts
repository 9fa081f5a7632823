// The default serializer's two ways of writing JSON give the same bytes: fast-json-stringify's
// string code, and the native way @enclave/fjs now takes where the engine has JSON.stringify's fast
// path (Bun, Deno). Generated schemas and values (runtimes/serializer-output/compare-mechanisms.mjs)
// on each runtime: on Bun and Deno as an app gets the compiler, on Node 20 (whose V8 has no fast
// path) with fast-json-stringify's `forceProjection`, in this process.
import t, { type Test } from 'tap'
import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createSerializerCompiler, type SerializerOptions } from '@enclave/fjs'

const run = promisify(execFile)
// Two runtimes start cold here: room for a loaded machine.
t.setTimeout(120_000)
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const runner = join(root, 'integration-tests/runtimes/serializer-output/run.mjs')

interface Comparison { compared: number, projected: number, schemas: number, mismatches: unknown[] }

const { compareMechanisms } = await import(new URL('../runtimes/serializer-output/compare-mechanisms.mjs', import.meta.url).href) as {
  compareMechanisms: (input: { createSerializerCompiler: typeof createSerializerCompiler, options: SerializerOptions }) => Comparison
}

function check (t: Test, name: string, result: Comparison): void {
  t.same(result.mismatches, [], `${name}: the same output (or the same error) both ways, for every generated value`)
  t.equal(result.compared, result.schemas * 8, `${name}: every value compared`)
  // Without it the comparison would hold trivially: the native way must be taken for many schemas.
  t.ok(result.projected >= 20, `${name}: ${result.projected} of ${result.schemas} schemas serialized the native way`)
}

const children = [
  { name: 'Bun', command: join(root, 'node_modules/.bin/bun'), args: [runner] },
  { name: 'Deno', command: join(root, 'node_modules/.bin/deno'), args: ['run', '--allow-all', '--no-lock', '--quiet', runner] }
].map((child) => ({ ...child, result: run(child.command, child.args, { cwd: root, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 }) }))
// A child that fails is reported by its subtest, not as an unhandled rejection meanwhile.
for (const child of children) child.result.catch(() => {})

for (const child of children) {
  t.test(`${child.name}: the default serializer takes the native way and writes what the string code writes`, async (t) => {
    const { stdout } = await child.result
    check(t, child.name, JSON.parse(stdout) as Comparison)
  })
}

t.test('Node (native way forced): the same output as the string code', async (t) => {
  check(t, 'Node', compareMechanisms({ createSerializerCompiler, options: { forceProjection: true } as SerializerOptions }))
})
