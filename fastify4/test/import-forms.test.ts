import t, { test } from 'tap'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileImportForms, moduleSettings, olderTypeScriptEntry } from '../../core/test/fixtures/import-forms.js'

t.setTimeout(300_000)
const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typesDir = join(root, 'node_modules', '@types')
const fastify4 = dirname(require.resolve('fastify4/package.json'))

// Under `"module": "commonjs"` (Fastify 4 apps' setting, and tsd's; with and without
// esModuleInterop) and `node16` (from CommonJS and ES modules), every way of importing `fastify` that compiles
// against fastify@4.29.1's declarations compiles against the face's, and one that fails, fails the
// same way (the same error codes on the same lines).
for (const setting of moduleSettings.filter((setting) => !setting.name.startsWith('nodenext'))) {
  test(`importing fastify under ${setting.name}: each form compiles, or fails, as with fastify@4.29.1`, async (t) => {
    const { declarations: theirDeclarations = [], ...theirs } = compileImportForms(fastify4, typesDir, setting)
    const { declarations: ourDeclarations = [], ...ours } = compileImportForms(join(root, 'fastify4'), typesDir, setting)
    t.same(ours, theirs)
    // Checked with skipLibCheck off, the face's declarations fail nowhere fastify@4.29.1's pass. Without
    // esModuleInterop both fail once: fastify@4.29.1's logger default-imports pino, and the face's
    // pino (10, where fastify@4.29.1 has 9) default-imports thread-stream, as under fastify@5.12.8.
    const added = ourDeclarations.filter((diagnostic) => !theirDeclarations.includes(diagnostic))
    t.same(theirDeclarations.length === 0 ? added : added.filter((diagnostic) => !diagnostic.startsWith('pino/')), [])
  })
}

test('TypeScript before 5.3 (tsd 0.29 runs 5.2) reads a require() entry it can parse, declaring what the current one does', async (t) => {
  t.match(olderTypeScriptEntry(join(root, 'fastify4')), { file: 'dist/index-ts5.2.d.cts', importAttributes: 0, declaresTheSame: true })
})
