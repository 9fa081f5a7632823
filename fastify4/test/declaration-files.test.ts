import t from 'tap'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(import.meta.url)

function declarationFiles (dir: string): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...declarationFiles(path))
    else if (name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

t.test('the built declaration files of every package use no string export name, which TypeScript reads only from 5.6 on (tsd bundles 5.4)', async (t) => {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
  let checked = 0
  const offending: string[] = []
  for (const workspace of workspaces) {
    let files: string[]
    try { files = declarationFiles(join(root, workspace, 'dist')) } catch { continue }
    for (const file of files) {
      checked++
      if (/export\s*\{[^}]*\bas\s+['"]/.test(readFileSync(file, 'utf8'))) offending.push(file.slice(root.length))
    }
  }
  t.ok(checked > 50, `${checked} declaration files checked`)
  t.same(offending, [])
})

t.test("the JavaScript keeps 'module.exports': require('fastify') is the factory, as Fastify's", async (t) => {
  const fastify = require('@enclave/fastify4') as { (): unknown, default: unknown, fastify: unknown }
  t.type(fastify, 'function')
  t.equal(fastify.default, fastify)
  t.equal(fastify.fastify, fastify)
})

t.test("Fastify 4's type module paths (fastify/types/reply …) are in the package: exported, published, each a declaration file", async (t) => {
  const manifest = JSON.parse(readFileSync(join(root, 'fastify4', 'package.json'), 'utf8')) as { exports: Record<string, unknown>, files: string[] }
  t.same(manifest.exports['./types/*'], { types: './types/*.d.ts' })
  t.ok(manifest.files.includes('types'))
  const fastify4Types = readdirSync(join(root, 'node_modules', 'fastify4', 'types')).filter((name) => name.endsWith('.d.ts'))
  t.ok(fastify4Types.length >= 15)
  t.same(readdirSync(join(root, 'fastify4', 'types')).sort(), fastify4Types.sort(), 'one file for each of fastify@4.29.1\'s')
})
