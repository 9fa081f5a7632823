import t from 'tap'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { typeTestDiagnostics } from '../../core/test/fixtures/type-diagnostics.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typeTests = join(root, 'fastify', 'test-types')
// Two whole-program compiles: slower than a runtime test on a loaded machine.
t.setTimeout(240_000)

// Type tests that state only Fastify 5.12's contracts (no Enclave addition): here they are compiled
// against fastify@5.12.8, so each assertion (an exact type, an expected error) is known to be Fastify's.
const fastifyContracts = ['fastify5-contracts.types.ts', 'expect.ts']

t.test('the Fastify 5 type contracts of fastify/test-types hold on fastify@5.12.8', async (t) => {
  const fastify5 = join(root, 'node_modules', 'fastify5')
  const { diagnostics } = typeTestDiagnostics({ typeTests, files: fastifyContracts, fastifyEntry: join(fastify5, 'fastify.d.ts'), fastifyTypes: join(fastify5, 'types', '*.d.ts') })
  t.same(diagnostics, [])
})

// The same contracts and the test app against @enclave/fastify, as an app compiles them without
// skipLibCheck: the face's .d.ts (and core's, which they import) are checked too.
t.test('every type test of fastify/test-types holds on @enclave/fastify with skipLibCheck off, its .d.ts files included', async (t) => {
  const files = readdirSync(typeTests).filter((name) => name.endsWith('.ts'))
  const fastifyEntry = join(root, 'fastify', 'dist', 'index.d.ts')
  const fastifyTypes = join(root, 'fastify', 'types', '*.d.ts')
  const { diagnostics, loaded } = typeTestDiagnostics({ typeTests, files, skipLibCheck: false, reportFrom: root, fastifyEntry, fastifyTypes })
  t.ok(loaded.some((file) => file.startsWith(join(root, 'fastify', 'dist'))), "the app loads the face's built declarations")
  t.same(diagnostics, [])
})
