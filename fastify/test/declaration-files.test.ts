import { test } from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { declarationFiles, typeTestDiagnostics } from '../../core/test/fixtures/type-diagnostics.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const require = createRequire(import.meta.url)
const typeTests = join(root, 'fastify', 'test-types')

test('the published .d.ts of @enclave/fastify have no string export name (TypeScript < 5.6 parses them)', async (t) => {
  const files = [...declarationFiles(join(root, 'fastify', 'dist')), ...declarationFiles(join(root, 'fastify', 'types'))]
  t.ok(files.length > 20, 'the package is built')
  t.same(files.filter((file) => /export\s*(?:type\s*)?\{[^}]*\bas\s*['"]/.test(readFileSync(file, 'utf8'))), [])
})

test("the JavaScript keeps 'module.exports': require('fastify') is the factory, with .fastify, .default and .errorCodes", async (t) => {
  const fastify = require('@enclave/fastify') as { (): unknown, default: unknown, fastify: unknown, errorCodes: Record<string, unknown> }
  t.type(fastify, 'function')
  t.equal(fastify.default, fastify)
  t.equal(fastify.fastify, fastify)
  t.type(fastify.errorCodes.FST_ERR_NOT_FOUND, 'function')
})

// An app's own compile checks the declaration files it loads unless it sets skipLibCheck: the
// v5 face's .d.ts (and core's, which they import) must hold under strict settings.
test('a strict TypeScript app compiles against the v5 face with skipLibCheck off, its .d.ts files included', async (t) => {
  const files = readdirSync(typeTests).filter((name) => name.endsWith('.ts'))
  const fastifyEntry = join(root, 'fastify', 'dist', 'index.d.ts')
  const fastifyTypes = join(root, 'fastify', 'types', '*.d.ts')
  const { diagnostics, loaded } = typeTestDiagnostics({ typeTests, files, skipLibCheck: false, reportFrom: root, fastifyEntry, fastifyTypes })
  t.ok(loaded.some((file) => file.startsWith(join(root, 'fastify', 'dist'))), "the app loads the face's built declarations")
  t.same(diagnostics, [])
})
