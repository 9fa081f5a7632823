import t from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { catalogue } from '../dist/errors/codes.js'
import { packageCodes } from '../dist/errors/package-codes.js'
import { warningCatalogue } from '../dist/errors/warnings.js'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** Codes the catalogue keeps though no source raises them, each with the reason. */
const catalogedButNeverRaised: Record<string, string> = {
  FST_ERR_PLUGIN_NOT_VALID: 'in Fastify 4.29\'s errorCodes; register() of a non-plugin answers avvio\'s AVV_ERR_PLUGIN_NOT_VALID there too',
  FST_ERR_HTTP2_INVALID_VERSION: 'in Fastify 4.29\'s errorCodes; only raised on Node < 8.8.1, which Enclave does not run on',
  FST_ERR_MISSING_MIDDLEWARE: 'in Fastify 4.29\'s errorCodes; Fastify 4.29 itself has no use() without a middleware plugin (a TypeError, as here)',
  FST_ERR_PLUGIN_CALLBACK_NOT_FN: 'in Fastify 4.29\'s errorCodes; avvio\'s own errors are what register() answers, in Fastify as here',
  FST_ERR_ROOT_PLG_BOOTED: 'in Fastify 4.29\'s errorCodes; register() after boot answers avvio\'s AVV_ERR_ROOT_PLG_BOOTED, in Fastify as here',
  FST_ERR_PARENT_PLUGIN_BOOTED: 'in Fastify 4.29\'s errorCodes; avvio\'s own error is what register() in a booted plugin answers, in Fastify as here',
  FST_ERR_ROUTE_MISSING_CONTENT: 'in Fastify 5.12\'s errorCodes, which no longer raises it either',
}

/** Codes the sources name that belong to no Enclave catalogue, each with the reason. */
const raisedButNotCatalogued: Record<string, string> = {
  AVV_ERR_PLUGIN_EXEC_TIMEOUT: "avvio's error, read to answer FST_ERR_PLUGIN_TIMEOUT instead",
  AVV_ERR_READY_TIMEOUT: "avvio's error, the cause of FST_ERR_HOOK_TIMEOUT as in Fastify (a cause, never thrown itself)"
}

/** Where the catalogues live: their own definitions are not uses. */
const definitionFiles = new Set(['core/src/errors/codes.ts', 'core/src/errors/warnings.ts', 'core/src/errors/package-codes.ts'])

const codePattern = /^(?:(?:FST|ENC|ENCLAVE|AVV)_[A-Z0-9]+(?:_[A-Z0-9]+)+|FST(?:WRN|DEP|SEC)\d{3})$/

function sourceFiles (dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...sourceFiles(full))
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full)
  }
  return files
}

function packageSourceDirs (): string[] {
  const dirs = [join(repoRoot, 'core/src'), join(repoRoot, 'fastify4/src')]
  for (const group of ['compilers', 'plugins']) {
    for (const entry of readdirSync(join(repoRoot, group), { withFileTypes: true })) {
      if (entry.isDirectory()) dirs.push(join(repoRoot, group, entry.name, 'src'))
    }
  }
  return dirs
}

/**
 * Every code a source names outside comments: a string literal that is a whole code
 * (`createError('X', …)`, `error.code === 'X'`), or a name (`errorCodes.X`, `warnings.X`, an imported
 * error constant). The AST, not a text search: codes quoted in comments and docs are not uses.
 */
function codesUsedInSources (): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>()
  const record = (code: string, file: string) => {
    if (!used.has(code)) used.set(code, new Set())
    used.get(code)!.add(file)
  }
  for (const dir of packageSourceDirs()) {
    for (const full of sourceFiles(dir)) {
      const file = relative(repoRoot, full).split('\\').join('/')
      if (definitionFiles.has(file)) continue
      const source = ts.createSourceFile(file, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
      const visit = (node: ts.Node): void => {
        if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)) && codePattern.test(node.text)) {
          record(node.text, file)
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
  }
  return used
}

const used = codesUsedInSources()
const documented = new Map<string, string>([
  ...catalogue.map((entry) => [entry.code, 'core/src/errors/codes.ts'] as [string, string]),
  ...warningCatalogue.map((entry) => [entry.code, 'core/src/errors/warnings.ts'] as [string, string]),
  ...packageCodes.map((entry) => [entry.code, 'core/src/errors/package-codes.ts'] as [string, string])
])

t.test('every code a source of core, fastify/, a compiler or a plugin raises is in a catalogue', async (t) => {
  const missing = [...used.keys()].filter((code) => !documented.has(code) && !(code in raisedButNotCatalogued)).sort()
  t.same(missing.map((code) => `${code} (${[...used.get(code)!].join(', ')})`), [],
    'add them to core/src/errors/codes.ts, warnings.ts or package-codes.ts and run `npm run docs:errors`')
})

t.test('every catalogued code and warning is raised somewhere, or listed here with the reason it is not', async (t) => {
  const unused = [...documented.keys()].filter((code) => !used.has(code) && !(code in catalogedButNeverRaised)).sort()
  t.same(unused, [], 'a documented code no source raises: raise it where it applies, or remove it')
})

t.test('the exception lists hold no stale entry', async (t) => {
  for (const code of Object.keys(catalogedButNeverRaised)) {
    t.ok(documented.has(code), `${code} is still catalogued`)
    t.notOk(used.has(code), `${code} is still never raised (now raised in ${[...used.get(code) ?? []].join(', ')}): remove the exception`)
  }
  for (const code of Object.keys(raisedButNotCatalogued)) {
    t.ok(used.has(code), `${code} is still named by a source`)
    t.notOk(documented.has(code), `${code} is not catalogued (else remove the exception)`)
  }
})

t.test('every process warning is emitted through errors/warnings.ts', async (t) => {
  const direct: string[] = []
  for (const dir of packageSourceDirs()) {
    for (const full of sourceFiles(dir)) {
      const file = relative(repoRoot, full).split('\\').join('/')
      if (readFileSync(full, 'utf8').includes('process.emitWarning(')) direct.push(file)
    }
  }
  t.same(direct, [], 'emit a warning from core/src/errors/warnings.ts instead of calling process.emitWarning')
})
