import { test } from 'tap'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..')

test('fastify/types/* has one module for each of fastify@5.12.8\'s type modules, under the same names', async (t) => {
  const theirs = readdirSync(join(dirname(require.resolve('fastify5/package.json')), 'types')).filter((name) => name.endsWith('.d.ts'))
  const ours = readdirSync(join(packageRoot, 'types'))
  t.same(ours.sort(), theirs.sort())
  t.ok(ours.includes('server-factory.d.ts'), 'Fastify 5 names it server-factory (Fastify 4: serverFactory)')
})
