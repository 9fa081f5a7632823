import t from 'tap'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * Docs cannot rot: every TypeScript/JavaScript code block of a page must be preceded by
 * `<!-- example: examples/... -->`, must equal that file, and the file is run here (imported with
 * PORT=0; its default export, an app, is readied and closed).
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const codeFence = /^```(ts|typescript|js|javascript)\s*$/

interface DocExample { page: string, line: number, file: string | null, code: string }

function examplesOf (page: string): DocExample[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n')
  const found: DocExample[] = []
  for (let i = 0; i < lines.length; i++) {
    if (!codeFence.test(lines[i]!)) continue
    const marker = /<!--\s*example:\s*(\S+)\s*-->/.exec(lines[i - 1] ?? '') ?? /<!--\s*example:\s*(\S+)\s*-->/.exec(lines[i - 2] ?? '')
    const end = lines.indexOf('```', i + 1)
    found.push({ page, line: i + 1, file: marker?.[1] ?? null, code: lines.slice(i + 1, end).join('\n') })
    i = end
  }
  return found
}

function markdownFiles (dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return markdownFiles(path)
    return name.endsWith('.md') ? [relative(root, path)] : []
  })
}

const allPages = ['README.md', ...markdownFiles(join(root, 'docs'))]
// A page counts as converted once one of its blocks names its example file; from then on all must.
const convertedPages = allPages.filter((page) => examplesOf(page).some((example) => example.file !== null))
const examples = convertedPages.flatMap(examplesOf)

t.test('every code block of a converted page is an example file, verbatim', async (t) => {
  t.ok(examples.length > 0)
  for (const example of examples) {
    t.ok(example.file, `${example.page}:${example.line} names its example file`)
    if (example.file === null) continue
    const source = readFileSync(join(root, example.file), 'utf8').trimEnd()
    t.equal(example.code.trimEnd(), source, `${example.page}:${example.line} matches ${example.file}`)
  }
})

t.test('every referenced example file runs', async (t) => {
  process.env.PORT = '0'
  const apps = new Set<any>()
  // Import everything first: one example may build on another's app (inject.ts uses schema-route.ts).
  for (const file of new Set(examples.map((example) => example.file).filter((file): file is string => file !== null))) {
    const module = await import(pathToFileURL(join(root, file)).href)
    const app = module.default
    t.ok(app !== undefined && typeof app.ready === 'function', `${file} exports its app`)
    await app.ready()
    apps.add(app)
  }
  for (const app of apps) await app.close()
})

t.test('pages not yet converted are listed, so the gap stays visible', async (t) => {
  const pending = allPages
    .filter((page) => !convertedPages.includes(page))
    .filter((page) => examplesOf(page).some((example) => example.file === null))
  t.comment(`pages with code blocks that are not example files yet: ${pending.join(', ') || 'none'}`)
  t.pass()
})
