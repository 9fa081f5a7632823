import { test } from 'tap'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { declarationFiles } from '../../core/test/fixtures/type-diagnostics.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const require = createRequire(import.meta.url)

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
