import t, { test } from 'tap'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { typeTestDiagnostics } from '../../core/test/fixtures/type-diagnostics.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typeTests = join(root, 'fastify4', 'test-types')
// Two whole-program compiles: slower than a runtime test on a loaded machine.
t.setTimeout(240_000)

// Type tests that state only Fastify 4.29's contracts (no Enclave addition): `npm run typecheck`
// checks them against @enclave/fastify4; here the same files are compiled against fastify@4.29.1 as
// well, so each assertion (an exact type, an expected error) is known to be Fastify's.
const fastifyContracts = [
  'type-providers.types.ts', 'route-options-augmentation.types.ts', 'route-shorthand-augmentation.types.ts',
  'fastify-type-contracts.types.ts', 'app.types.ts', 'http2.types.ts', 'request-validation.types.ts', 'exports.types.ts'
]

function diagnosticsAgainst (fastifyEntry: string, fastifyTypes: string): string[] {
  return typeTestDiagnostics({ typeTests, files: [...fastifyContracts, 'expect.ts'], fastifyEntry, fastifyTypes }).diagnostics
}

test('the Fastify type contracts of fastify4/test-types hold on fastify@4.29.1 and on @enclave/fastify4 alike', async (t) => {
  t.same(diagnosticsAgainst(join(root, 'node_modules', 'fastify4', 'fastify.d.ts'), join(root, 'node_modules', 'fastify4', 'types', '*')), [], 'fastify@4.29.1')
  t.same(diagnosticsAgainst(join(root, 'fastify4', 'dist', 'index.d.ts'), join(root, 'fastify4', 'types', '*')), [], '@enclave/fastify4')
})
