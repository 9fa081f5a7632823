import { test } from 'tap'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
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

// Fastify 4 apps that compile to CommonJS (`"module": "commonjs"`) resolve packages the Node 10 way,
// which reads a package's `types` and `typesVersions` but not its `exports`; tsd, which runs
// Fastify's and the plugins' type tests, resolves the same way.
test('an app compiled with moduleResolution node10 (module commonjs) gets the typed instance, not `any`', async (t) => {
  const app = join(root, 'fastify4', 'test', 'node10-app.ts')
  const source = [
    "import fastify from '@enclave/fastify4'",
    'const app = fastify()',
    "app.addHook('onRequest', function (request, reply, done) { request.log.info(request.url); reply.header('x-a', '1'); done() })",
    "app.get<{ Querystring: { q: string } }>('/', async (request) => ({ q: request.query.q.length }))",
    'export default app'
  ].join('\n')
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    strict: true,
    noEmit: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node']
  }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  const fileExists = host.fileExists.bind(host)
  host.getSourceFile = (name, version) => name === app ? ts.createSourceFile(name, source, version) : getSourceFile(name, version)
  host.fileExists = (name) => name === app || fileExists(name)
  const program = ts.createProgram([app], options, host)
  const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) =>
    `${diagnostic.file?.fileName.slice(root.length) ?? ''} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`)
  t.same(diagnostics, [])
})
