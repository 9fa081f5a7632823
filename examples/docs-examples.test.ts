import t from 'tap'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import enclave from '@enclave/core'

/**
 * Docs cannot rot. Every TypeScript/JavaScript code block of a page is preceded by
 * `<!-- example: examples/<file> -->` (the block is the whole file) or
 * `<!-- example: examples/<file>#<region> -->` (the block is the part of the file between
 * `// #region <region>` and `// #endregion <region>`, for tutorials that show a program piece by
 * piece). The block must equal its file or region, and every referenced file runs here: imported
 * with PORT=0; a default-exported app is readied and closed, a default-exported plugin is registered
 * into a fresh app; `.test.ts` files are run by tap itself (they match its `examples/**` pattern).
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const codeFence = /^(\s*)```(ts|typescript|js|javascript)\s*$/
const markerPattern = /<!--\s*example:\s*([^\s#]+)(?:#(\S+))?\s*-->/

interface DocExample { page: string, line: number, file: string | null, region: string | null, code: string }

function dedent (lines: string[]): string {
  const indents = lines.filter((line) => line.trim().length > 0).map((line) => /^\s*/.exec(line)![0].length)
  const cut = indents.length === 0 ? 0 : Math.min(...indents)
  return lines.map((line) => line.slice(cut)).join('\n').trimEnd()
}

function examplesOf (page: string): DocExample[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n')
  const found: DocExample[] = []
  for (let i = 0; i < lines.length; i++) {
    if (!codeFence.test(lines[i]!)) continue
    const marker = markerPattern.exec(lines[i - 1] ?? '') ?? markerPattern.exec(lines[i - 2] ?? '')
    let end = i + 1
    while (end < lines.length && lines[end]!.trim() !== '```') end++
    found.push({ page, line: i + 1, file: marker?.[1] ?? null, region: marker?.[2] ?? null, code: dedent(lines.slice(i + 1, end)) })
    i = end
  }
  return found
}

function regionOf (source: string, region: string): string | null {
  const lines = source.split('\n')
  const start = lines.findIndex((line) => line.trim() === `// #region ${region}`)
  const end = lines.findIndex((line) => line.trim() === `// #endregion ${region}`)
  if (start === -1 || end <= start) return null
  return dedent(lines.slice(start + 1, end))
}

/** The file as readers should see it: region markers are scaffolding, not content. */
function withoutRegionMarkers (source: string): string {
  return source.split('\n').filter((line) => !/^\s*\/\/ #(end)?region /.test(line)).join('\n').trimEnd()
}

function markdownFiles (dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return markdownFiles(path)
    return name.endsWith('.md') ? [relative(root, path)] : []
  })
}

function isPlugin (value: unknown): value is (...args: any[]) => unknown {
  if (typeof value !== 'function') return false
  return (value as any)[Symbol.for('skip-override')] !== undefined || value.constructor.name === 'AsyncFunction' || value.length === 3
}

const allPages = ['README.md', ...markdownFiles(join(root, 'docs'))]
// A page counts as converted once one of its blocks names its example file; from then on all must.
const convertedPages = allPages.filter((page) => examplesOf(page).some((example) => example.file !== null))
const examples = convertedPages.flatMap(examplesOf)

t.test('every code block of a converted page is an example file (or a region of one), verbatim', async (t) => {
  t.ok(examples.length > 0)
  for (const example of examples) {
    t.ok(example.file, `${example.page}:${example.line} names its example file`)
    if (example.file === null) continue
    const source = readFileSync(join(root, example.file), 'utf8')
    if (example.region !== null) {
      t.equal(example.code, regionOf(source, example.region), `${example.page}:${example.line} matches ${example.file}#${example.region}`)
    } else {
      t.equal(example.code, withoutRegionMarkers(source).trimEnd(), `${example.page}:${example.line} matches ${example.file}`)
    }
  }
})

t.test('every referenced example file runs', async (t) => {
  process.env.PORT = '0'
  const apps = new Set<any>()
  const files = new Set(examples.map((example) => example.file).filter((file): file is string => file !== null))
  // Import everything first: one example may build on another's app (inject.ts uses schema-route.ts).
  for (const file of files) {
    if (file.endsWith('.test.ts')) {
      t.match(file, /^examples\//, `${file} is run by tap (examples/**/*.test.ts)`)
      continue
    }
    const module = await import(pathToFileURL(join(root, file)).href)
    const exported = module.default
    if (exported !== undefined && typeof exported.ready === 'function') {
      await exported.ready()
      apps.add(exported)
    } else if (isPlugin(exported)) {
      const app = enclave()
      app.register(exported as any)
      await app.ready()
      apps.add(app)
    } else {
      t.fail(`${file} default-exports neither an app nor a plugin`)
    }
  }
  for (const app of apps) await app.close()
  t.pass(`${files.size} example files ran`)
})

t.test('pages not yet converted are listed, so the gap stays visible', async (t) => {
  const pending = allPages
    .filter((page) => !convertedPages.includes(page))
    .filter((page) => examplesOf(page).some((example) => example.file === null))
  t.comment(`pages with code blocks that are not example files yet: ${pending.join(', ') || 'none'}`)
  t.pass()
})
