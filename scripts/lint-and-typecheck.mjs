// `node scripts/lint-and-typecheck.mjs [typed|rest|typecheck]`: what `npm run typecheck` and `npm run lint`
// check, with each TypeScript program built once for both. ESLint's type-aware rules ask the same
// type checker that tsc's check has already filled, instead of building a program of their own per
// tsconfig.json and checking again (docs/architecture.md, "How tests run").
//
// - `typed`: type-checks each project of TYPECHECK_PROJECTS (what `tsc -p` reports), then lints the
//   files each project has as root files, through that project's program (the first project wins).
// - `rest`: lints every other file `eslint .` lints, through the program of tsconfig.eslint.json. A
//   linted file that program does not include fails the run, as `eslint .` fails on a file that no
//   tsconfig.json includes.
// - `typecheck`: the type-checking of `typed` alone (`npm run typecheck`).
// - no argument: `typed` and `rest`, one after the other. The two parts share nothing but the list of projects, so
//   `npm test` runs them side by side (scripts/run-checks.mjs).
//
// The configuration is eslint.config.js, with `parserOptions.programs` in place of its projectService.
// The exit code is non-zero when tsc would report a diagnostic or ESLint an error.
import { ESLint } from 'eslint'
import { dirname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The projects of `npm run typecheck`, in the order their files are claimed for linting. */
export const TYPECHECK_PROJECTS = [
  'tsconfig.typecheck.json',
  'fastify4/test-types/tsconfig.json',
  'fastify/test-types/tsconfig.json',
  'integration-tests/apps/tsconfig.json',
  'integration-tests/apps/v5/tsconfig.json',
  // The same files as the project above, against fastify@5.12.8's declarations: type-checked, and
  // linted through the project above.
  'integration-tests/apps/v5/tsconfig.fastify5.json'
]
/**
 * The programs that lint the other files, in order: a folder's own tsconfig.json, then
 * tsconfig.eslint.json for everything else.
 */
const LINT_PROJECTS = ['integration-tests/tsconfig.json', 'tsconfig.eslint.json']

const formatHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n'
}

function readProject (project) {
  const diagnostics = []
  const path = join(root, project)
  const parsed = ts.getParsedCommandLineOfConfigFile(path, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => diagnostics.push(diagnostic)
  })
  if (parsed === undefined) return { path, options: {}, fileNames: [], diagnostics, parsed }
  return { path, options: parsed.options, fileNames: parsed.fileNames, diagnostics: [...diagnostics, ...parsed.errors], parsed }
}

/**
 * A compiler host whose source files are parsed once for every program of this process (TypeScript's
 * lib, @types/node and the packages' declarations are in all of them), as TypeScript's language
 * service shares them between projects whose parse options agree.
 */
function sharedHost (options, sourceFiles) {
  const host = ts.createCompilerHost(options, true)
  const read = host.getSourceFile
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const parse = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions }
    const key = `${parse.languageVersion}|${parse.impliedNodeFormat}|${parse.jsDocParsingMode}|${fileName}`
    let sourceFile = sourceFiles.get(key)
    if (sourceFile === undefined || shouldCreate === true) {
      sourceFile = read.call(host, fileName, languageVersionOrOptions, onError, shouldCreate)
      if (sourceFile !== undefined) sourceFiles.set(key, sourceFile)
    }
    return sourceFile
  }
  return host
}

function createProgram ({ parsed, options, fileNames }, sourceFiles) {
  return ts.createProgram({
    rootNames: fileNames,
    options,
    projectReferences: parsed?.projectReferences,
    configFileParsingDiagnostics: parsed === undefined ? [] : ts.getConfigFileParsingDiagnostics(parsed),
    host: sharedHost(options, sourceFiles)
  })
}

/**
 * The files each typecheck project lints: its root files that no project before it has, less those
 * of a folder that has its own linting project (LINT_PROJECTS), whose program types them as `eslint .`
 * does (program-wide declarations, such as a module augmentation elsewhere in a typecheck project,
 * can change what the rules see).
 */
function typedFiles (projects) {
  const claimed = new Set()
  const ownFolders = LINT_PROJECTS.slice(0, -1).map((project) => join(root, dirname(project)) + sep)
  return projects.map((project) => {
    // A project inside such a folder is nearer to its files than the folder's own.
    const own = ownFolders.some((folder) => project.path.startsWith(folder))
    const files = project.fileNames.filter((file) => !claimed.has(file) && (own || !ownFolders.some((folder) => file.startsWith(folder))))
    for (const file of files) claimed.add(file)
    return files
  })
}

async function eslintWith (programs, extraConfig = []) {
  return new ESLint({
    cwd: root,
    overrideConfig: [
      { languageOptions: { parserOptions: { projectService: false, programs } } },
      ...extraConfig
    ]
  })
}

async function lint (eslint, patterns) {
  const linted = []
  for (const file of patterns) if (!(await eslint.isPathIgnored(file))) linted.push(file)
  return linted.length === 0 ? [] : eslint.lintFiles(linted)
}

async function typedPart (output, lintToo) {
  const projects = TYPECHECK_PROJECTS.map(readProject)
  const claims = typedFiles(projects)
  const sourceFiles = new Map()
  const results = []
  let diagnosticCount = 0
  for (let index = 0; index < projects.length; index++) {
    const program = createProgram(projects[index], sourceFiles)
    const diagnostics = [...projects[index].diagnostics, ...ts.getPreEmitDiagnostics(program)]
    if (diagnostics.length > 0) {
      diagnosticCount += diagnostics.length
      output.push(`tsc -p ${TYPECHECK_PROJECTS[index]}:\n`)
      output.push(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost))
    }
    if (lintToo && claims[index].length > 0) results.push(...await lint(await eslintWith([program]), claims[index]))
  }
  return { diagnosticCount, results }
}

async function restPart (output) {
  const claimed = new Set(typedFiles(TYPECHECK_PROJECTS.map(readProject)).flat())
  const sourceFiles = new Map()
  const results = []
  let diagnosticCount = 0
  for (let index = 0; index < LINT_PROJECTS.length; index++) {
    const project = readProject(LINT_PROJECTS[index])
    if (project.diagnostics.length > 0) {
      diagnosticCount += project.diagnostics.length
      output.push(ts.formatDiagnosticsWithColorAndContext(project.diagnostics, formatHost))
    }
    const program = createProgram(project, sourceFiles)
    if (index < LINT_PROJECTS.length - 1) {
      const files = project.fileNames.filter((file) => !claimed.has(file))
      for (const file of files) claimed.add(file)
      results.push(...await lint(await eslintWith([program]), files))
    } else {
      // `eslint .`'s own choice of files, less the ones linted already.
      const eslint = await eslintWith([program], [{ ignores: [...claimed].map((file) => file.slice(root.length + 1)) }])
      results.push(...await eslint.lintFiles(['.']))
    }
  }
  return { diagnosticCount, results }
}

export async function lintAndTypecheck (parts) {
  const output = []
  let diagnosticCount = 0
  const results = []
  if (parts.includes('typed') || parts.includes('typecheck')) {
    const typed = await typedPart(output, parts.includes('typed'))
    diagnosticCount += typed.diagnosticCount
    results.push(...typed.results)
  }
  if (parts.includes('rest')) {
    const rest = await restPart(output)
    diagnosticCount += rest.diagnosticCount
    results.push(...rest.results)
  }
  if (results.length > 0) {
    const formatter = await new ESLint({ cwd: root }).loadFormatter('stylish')
    output.push(await formatter.format(results))
  }
  const errorCount = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0)
  return { output: output.join(''), failed: diagnosticCount > 0 || errorCount > 0, results, diagnosticCount, errorCount }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const part = process.argv[2]
  const parts = part === undefined ? ['typed', 'rest'] : [part]
  if (!parts.every((name) => name === 'typed' || name === 'rest' || name === 'typecheck')) {
    console.error('usage: node scripts/lint-and-typecheck.mjs [typed|rest|typecheck]')
    process.exit(2)
  }
  const { output, failed, results, diagnosticCount, errorCount } = await lintAndTypecheck(parts)
  process.stdout.write(output)
  console.log(`${parts.join(' and ')}: ${results.length} files linted, ${errorCount} lint errors, ${diagnosticCount} type errors`)
  if (failed) process.exitCode = 1
}
