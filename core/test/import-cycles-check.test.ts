import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { plainChild } from './fixtures/plain-child.js'
// @ts-expect-error: a plain .mjs script module without type declarations
import { findLayerProblems, findValueCycles, layerOf, readCoreImports, sampleCycle } from '../../scripts/lib/core-imports.mjs'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** A throwaway source tree: `{ 'reply/a.ts': 'import …' }`. */
function sourceTree (t: any, files: Record<string, string>): string {
  const root = t.testdir({})
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

t.test('two files importing each other\'s values are a cycle; a type-only import on one side is not', async (t) => {
  const valueLoop = readCoreImports(sourceTree(t, {
    'reply/a.ts': "import { b } from './b.js'\nexport const a = () => b\n",
    'reply/b.ts': "import { a } from './a.js'\nexport const b = () => a\n"
  }))
  const cycles = findValueCycles(valueLoop)
  t.same(cycles, [['reply/a.ts', 'reply/b.ts']])
  t.same(sampleCycle(cycles[0], valueLoop.edges), ['reply/a.ts', 'reply/b.ts', 'reply/a.ts'])

  for (const typeImport of ["import type { A } from './a.js'", "import { type A } from './a.js'", "export type { A } from './a.js'"]) {
    const typeOnly = readCoreImports(sourceTree(t, {
      'reply/a.ts': "import { b } from './b.js'\nexport type A = string\nexport const a = () => b\n",
      'reply/b.ts': `${typeImport}\nexport const b = 1\n`
    }))
    t.same(findValueCycles(typeOnly), [], typeImport)
  }
})

t.test('a side-effect import and a re-export load the module, so they count', async (t) => {
  const graph = readCoreImports(sourceTree(t, {
    'util/a.ts': "import './b.js'\nexport const a = 1\n",
    'util/b.ts': "export { a } from './a.js'\n"
  }))
  t.same(findValueCycles(graph), [['util/a.ts', 'util/b.ts']])
})

t.test('a loop through three files is reported once, with every file in it', async (t) => {
  const graph = readCoreImports(sourceTree(t, {
    'routing/a.ts': "import { b } from './b.js'\nexport const a = b\n",
    'routing/b.ts': "import { c } from './c.js'\nexport const b = c\n",
    'routing/c.ts': "import { a } from './a.js'\nexport const c = () => a\n",
    'routing/d.ts': "import { a } from './a.js'\nexport const d = a\n"
  }))
  t.same(findValueCycles(graph), [['routing/a.ts', 'routing/b.ts', 'routing/c.ts']])
})

t.test('a value import from a lower layer to a higher one is a violation; down the layers or type-only is fine', async (t) => {
  const graph = readCoreImports(sourceTree(t, {
    'schema/low.ts': "import { options } from '../options.js'\nimport type { Reply } from '../reply/reply.js'\nexport const low = options\n",
    'reply/reply.ts': "import { low } from '../schema/low.js'\nexport type Reply = typeof low\n",
    'options.ts': 'export const options = 1\n',
    'stray.ts': 'export const stray = 1\n'
  }))
  const { upward, unlayered } = findLayerProblems(graph)
  t.same(upward.map((edge: any) => [edge.from, edge.to, edge.fromLayer, edge.toLayer, edge.line]), [['schema/low.ts', 'options.ts', 2, 8, 1]])
  t.same(unlayered, ['stray.ts'], 'a file no layer names is reported')
})

t.test('layers: a file entry wins over its folder, a folder holds its subfolders', async (t) => {
  t.equal(layerOf('symbols.ts'), 1)
  t.equal(layerOf('errors/codes.ts'), 1)
  t.equal(layerOf('schema/deep/x.ts'), 2)
  t.equal(layerOf('lifecycle/run-hooks.ts'), 3)
  t.equal(layerOf('lifecycle/handle-request.ts'), 5)
  t.equal(layerOf('instance/boot.ts'), 7)
  t.equal(layerOf('index.ts'), 8)
  t.equal(layerOf('lifecycle/new-file.ts'), undefined)
})

t.test('docs/architecture.md lists the layers the check enforces', async (t) => {
  const { readFileSync } = await import('node:fs')
  // @ts-expect-error: a plain .mjs script module without type declarations
  const { layers } = await import('../../scripts/lib/core-imports.mjs')
  const doc = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8')
  layers.forEach((entries: string[], index: number) => {
    t.ok(doc.includes(`${index + 1}. ${entries.map((entry) => '`' + entry + '`').join(', ')}\n`), `layer ${index + 1}`)
  })
})

t.test('internals-counts prints the numbers issue #18 tracks', async (t) => {
  const [file, args] = plainChild(process.execPath, [join(repoRoot, 'scripts/internals-counts.mjs')])
  const output = execFileSync(file, args, { encoding: 'utf8' })
  t.match(output, /^any in core runtime files \(core\/src minus types\/\): \d+$/m)
  t.match(output, /^value import cycles: \d+ \(\d+ files in them\)$/m)
  t.match(output, /^layer violations \(value imports up the layers\): \d+$/m)
  t.match(output, /^core files: \d+; largest: \S+\.ts \(\d+ lines\)$/m)
})
