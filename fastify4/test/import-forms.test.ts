import t, { test } from 'tap'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileImportForms, declarationsOf, moduleSettings, olderTypeScriptEntry } from '../../core/test/fixtures/import-forms.js'

t.setTimeout(300_000)
const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typesDir = join(root, 'node_modules', '@types')
const fastify4 = dirname(require.resolve('fastify4/package.json'))

// Under `"module": "commonjs"` (Fastify 4 apps' setting, and tsd's) and `node16` (from CommonJS and ES
// modules), every way of importing `fastify` that compiles against fastify@4.29.1's declarations
// compiles against the face's, and one that fails, fails the same way (the same error codes on the same lines).
for (const setting of moduleSettings.filter((setting) => !setting.name.startsWith('nodenext'))) {
  test(`importing fastify under ${setting.name}: each form compiles, or fails, as with fastify@4.29.1`, async (t) => {
    const theirs = compileImportForms(fastify4, typesDir, setting)
    const ours = compileImportForms(join(root, 'fastify4'), typesDir, setting)
    t.same(ours, theirs)
  })
}

test('TypeScript before 5.3 (tsd 0.29 runs 5.2) reads a require() entry it can parse, declaring what the current one does', async (t) => {
  const older = olderTypeScriptEntry(join(root, 'fastify4'))
  t.not(older, 'dist/index.d.cts', 'typesVersions gives those versions their own file')
  const { importAttributes, declares } = declarationsOf(join(root, 'fastify4', older))
  t.equal(importAttributes, 0, 'no import attributes: TypeScript 5.2 fails to parse them')
  t.equal(declares, declarationsOf(join(root, 'fastify4', 'dist', 'index.d.cts')).declares)
})
