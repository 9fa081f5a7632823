import t, { test } from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { compileImportForms, type ModuleSetting } from './fixtures/import-forms.js'

// An app type-checks the faces' declarations (skipLibCheck off) under its own `target` and its own
// @types/node; fastify@5.12.8's and fastify@4.29.1's compile there, so must the faces'.
t.setTimeout(300_000)
const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const typesDir = join(root, 'node_modules', '@types')

// A target before ES2022: TypeScript's lib then has no `ErrorOptions`.
const es2020: ModuleSetting = {
  name: 'commonjs, esModuleInterop, target ES2020',
  files: [{ label: '', extension: '.ts' }],
  options: { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, esModuleInterop: true, skipLibCheck: false, target: ts.ScriptTarget.ES2020 }
}

const faces = [
  { face: 'fastify', fastify: dirname(require.resolve('fastify5/package.json')), release: 'fastify@5.12.8' },
  { face: 'fastify4', fastify: dirname(require.resolve('fastify4/package.json')), release: 'fastify@4.29.1' }
]

for (const { face, fastify, release } of faces) {
  test(`an app targeting ES2020 compiles against the ${face} face's declarations as against ${release}'s`, async (t) => {
    const theirs = compileImportForms(fastify, typesDir, es2020)
    const ours = compileImportForms(join(root, face), typesDir, es2020)
    t.same(theirs.declarations, [])
    t.same(ours, theirs)
  })
}

function declarationFiles (dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.d\.(c|m)?ts$/.test(name))
    .map((name) => join(dir, name))
}

// @types/node 20 declares TracingChannel<StoreType, ContextType extends object> and @types/node 26
// TracingChannel<ContextType extends object, StoreType>: type arguments written for one fail the
// other's constraint, so the declarations must name the type without them.
test("no declaration file spells type arguments of node:diagnostics_channel's TracingChannel", async (t) => {
  const packages = ['core', 'fastify', 'fastify4', ...readdirSync(join(root, 'compilers')).map((name) => join('compilers', name))]
  const spelled: string[] = []
  for (const name of packages) {
    for (const file of declarationFiles(join(root, name, 'dist'))) {
      if (/TracingChannel(Collection)?</.test(readFileSync(file, 'utf8'))) spelled.push(file.slice(root.length + 1))
    }
  }
  t.same(spelled, [])
})
