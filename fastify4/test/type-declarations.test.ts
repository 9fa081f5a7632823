import { test } from 'tap'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { declarationFiles } from '../../core/test/fixtures/type-diagnostics.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

// A string export name (`export { x as 'module.exports' }`) is a parse error for TypeScript before
// 5.6, the versions Fastify 4 apps (and Fastify 4.29's own tsd run, on TypeScript 5.2) compile with.
const stringExportName = /export\s*(?:type\s*)?\{[^}]*\bas\s*['"]/

test('the published .d.ts of @enclave/fastify4 and @enclave/core have no string export name (TypeScript < 5.6 parses them)', async (t) => {
  const files = [...declarationFiles(join(root, 'fastify4', 'dist')), ...declarationFiles(join(root, 'core', 'dist'))]
  t.ok(files.length > 10, 'the packages are built')
  const offending = files.filter((file) => stringExportName.test(readFileSync(file, 'utf8')))
  t.same(offending, [])
})

test('the runtime entries still export module.exports for require() of the ES module', async (t) => {
  const fastifyEntry = readFileSync(join(root, 'fastify4', 'dist', 'index.js'), 'utf8')
  const coreEntry = readFileSync(join(root, 'core', 'dist', 'index.js'), 'utf8')
  t.match(fastifyEntry, /as 'module\.exports'|as "module\.exports"/)
  t.match(coreEntry, /as 'module\.exports'|as "module\.exports"/)
})
