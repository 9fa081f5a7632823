import { test } from 'tap'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { typeTestDiagnostics } from '../../core/test/fixtures/type-diagnostics.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typeTests = join(root, 'fastify', 'test-types')

// Type tests that state only Fastify 5.12's contracts (no Enclave addition): `npm run typecheck`
// checks them against @enclave/fastify; here the same files are compiled against fastify@5.12.8 as
// well, so each assertion (an exact type, an expected error) is known to be Fastify's.
const files = ['fastify5-contracts.types.ts', 'expect.ts']

test('the Fastify 5 type contracts of fastify/test-types hold on fastify@5.12.8 and on @enclave/fastify alike', async (t) => {
  const fastify5 = join(root, 'node_modules', 'fastify5')
  t.same(typeTestDiagnostics({ typeTests, files, fastifyEntry: join(fastify5, 'fastify.d.ts'), fastifyTypes: join(fastify5, 'types', '*.d.ts') }).diagnostics, [], 'fastify@5.12.8')
  t.same(typeTestDiagnostics({ typeTests, files, fastifyEntry: join(root, 'fastify', 'dist', 'index.d.ts'), fastifyTypes: join(root, 'fastify', 'types', '*.d.ts') }).diagnostics, [], '@enclave/fastify')
})
