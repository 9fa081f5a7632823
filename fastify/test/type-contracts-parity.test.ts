import { test } from 'tap'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typeTests = join(root, 'fastify', 'test-types')

// Type tests that state only Fastify 5.12's contracts (no Enclave addition): `npm run typecheck`
// checks them against @enclave/fastify; here the same files are compiled against fastify@5.12.8 as
// well, so each assertion (an exact type, an expected error) is known to be Fastify's.
const fastifyContracts = ['fastify5-contracts.types.ts']

function diagnosticsAgainst (fastifyEntry: string, fastifyTypes: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    baseUrl: typeTests,
    paths: { fastify: [fastifyEntry], 'fastify/types/*': [fastifyTypes] }
  }
  const files = [...fastifyContracts, 'expect.ts'].map((file) => join(typeTests, file))
  const program = ts.createProgram(files, options)
  return ts.getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file === undefined || diagnostic.file.fileName.startsWith(typeTests))
    .map((diagnostic) => {
      const where = diagnostic.file === undefined ? '' : `${diagnostic.file.fileName.slice(typeTests.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1} `
      return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    })
}

test('the Fastify 5 type contracts of fastify/test-types hold on fastify@5.12.8 and on @enclave/fastify alike', async (t) => {
  t.same(diagnosticsAgainst(join(root, 'node_modules', 'fastify5', 'fastify.d.ts'), join(root, 'node_modules', 'fastify5', 'types', '*.d.ts')), [], 'fastify@5.12.8')
  t.same(diagnosticsAgainst(join(root, 'fastify', 'dist', 'index.d.ts'), join(root, 'fastify', 'types', '*.d.ts')), [], '@enclave/fastify')
})
