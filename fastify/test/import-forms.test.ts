import t, { test } from 'tap'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileImportForms, moduleSettings, olderTypeScriptEntry } from '../../core/test/fixtures/import-forms.js'

t.setTimeout(300_000)
const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typesDir = join(root, 'node_modules', '@types')
const fastify5 = dirname(require.resolve('fastify5/package.json'))

// Every way of importing `fastify` that compiles against fastify@5.12.8's declarations compiles
// against the face's, and one that fails, fails the same way (the same error codes on the same lines):
// under `commonjs` (with and without esModuleInterop, the declarations checked too: skipLibCheck
// off), and under `nodenext` (Fastify 5's own tsconfig) from CommonJS and ES modules.
for (const setting of moduleSettings.filter((setting) => setting.name !== 'node16 (.cts, .mts, .ts with "type": "module")')) {
  test(`importing fastify under ${setting.name}: each form compiles, or fails, as with fastify@5.12.8`, async (t) => {
    const theirs = compileImportForms(fastify5, typesDir, setting)
    const ours = compileImportForms(join(root, 'fastify'), typesDir, setting)
    t.same(ours, theirs)
  })
}

test('TypeScript before 5.3 (tsd 0.29 runs 5.2) reads a require() entry it can parse, declaring what the current one does', async (t) => {
  t.match(olderTypeScriptEntry(join(root, 'fastify')), { file: 'dist/index-ts5.2.d.cts', importAttributes: 0, declaresTheSame: true })
})
