import t from 'tap'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { warningsDuring, type SeenWarning } from './fixtures/warnings-during.js'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

const processUid = process.getuid?.()
const otherUid = 65534
const posixOnly = process.platform === 'win32' ? { skip: 'owner and mode bits are POSIX; on Windows only links are checked' } : {}
const twoUsers = processUid === 0
  ? posixOnly
  : { skip: `creating files as another user (uid ${otherUid}) needs root; this process runs as uid ${String(processUid)}` }

function workspace (t: Test): string {
  const base = mkdtempSync(join(tmpdir(), 'enclave-cache-trust-'))
  t.teardown(() => rmSync(base, { recursive: true, force: true }))
  return base
}

function folder (path: string, mode: number): string {
  mkdirSync(path, { recursive: true })
  chmodSync(path, mode)
  return path
}

const bodySchema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 2 }, count: { type: 'integer', default: 1 } }
}
const responseSchema = { 200: { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } } } }
const payloads = [{ name: 'ok' }, { name: 'ok', count: '4' }, { name: 'x' }, {}]

/** What the app answers over a real socket, started with `schemaCache` in `dir` (or without the cache). */
async function answersOf (factory: Factory, dir?: string): Promise<string[]> {
  // Compiled at ready() (not on first request), so one start writes every schema's code.
  const app = factory(dir === undefined ? {} : { schemaCache: { dir }, lazySchemaCompilation: false })
  app.post('/items', { schema: { body: bodySchema, response: responseSchema } }, async (request: any) => ({ name: request.body.name, count: request.body.count, secret: 'dropped' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const out: string[] = []
    for (const payload of payloads) {
      const response = await fetch(`http://127.0.0.1:${app.server.address().port}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })
      out.push(`${response.status} ${await response.text()}`)
    }
    return out
  } finally {
    await app.close()
  }
}

/** The answers and the ENC_WARN_SCHEMA_CACHE_UNTRUSTED warnings of one start. */
async function startWithCache (factory: Factory, dir: string): Promise<{ answers: string[], refusals: SeenWarning[] }> {
  let answers: string[] = []
  const seen = await warningsDuring(async () => { answers = await answersOf(factory, dir) })
  return { answers, refusals: seen.filter((warning) => warning.code === 'ENC_WARN_SCHEMA_CACHE_UNTRUSTED') }
}

function sha256 (bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A bundle text with its first line's body hash and length made to match `body` (its scope kept from `header`). */
function signed (header: string, body: string): string {
  const [marker, layout, scope] = header.split(' ')
  const bytes = Buffer.from(body)
  return `${marker} ${layout} ${scope} ${sha256(bytes)} ${bytes.length}\n${body}`
}

const entryOpen = '(function (require, module, exports) {\n'

/** `text` (a whole bundle) with the validator entry's module code replaced and the result signed. */
function withValidatorCode (text: string, code: string, before = ''): string {
  const newline = text.indexOf('\n')
  const parts = text.slice(newline + 1).split('\n// entry ')
  const index = parts.findIndex((part, i) => i > 0 && /module\.exports = validate\d/.test(part))
  if (index === -1) throw new Error('no validator entry in the bundle')
  const part = parts[index]!
  parts[index] = part.slice(0, part.indexOf(entryOpen) + entryOpen.length) + code + part.slice(part.lastIndexOf('\n})'))
  return signed(text.slice(0, newline), before + parts.join('\n// entry '))
}

/** A bundle file as the app writes it for this face: its name and its text. */
async function genuineBundle (factory: Factory, base: string): Promise<{ name: string, text: string }> {
  const scratch = mkdtempSync(join(base, 'scratch-'))
  await answersOf(factory, scratch)
  const name = readdirSync(scratch).find((file) => file.endsWith('.js'))!
  return { name, text: readFileSync(join(scratch, name), 'utf8') }
}

/**
 * A bundle under the app's own name whose code, if it ever ran, would write `marker` as soon as
 * it is evaluated and make the body validator reject every request.
 */
async function plantedBundle (factory: Factory, base: string, marker: string): Promise<{ name: string, text: string }> {
  const { name, text } = await genuineBundle(factory, base)
  const rejectAll = 'module.exports = function rejectAll () { rejectAll.errors = [{ instancePath: "", schemaPath: "#", keyword: "planted", params: {}, message: "planted by the test" }]; return false }'
  const atLoad = `globalThis.process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`
  return { name, text: withValidatorCode(text, rejectAll, atLoad) }
}

/**
 * Runs `script` (CommonJS) as uid/gid 65534 with no supplementary groups, `input` on its stdin.
 * Without the test runner's preloaded hooks (NODE_OPTIONS), which write where that user cannot.
 */
function asOtherUser (script: string, input: string): void {
  execFileSync('env', ['-u', 'NODE_OPTIONS', process.execPath, '-e', `process.setgroups([]); process.setgid(${otherUid}); process.setuid(${otherUid});\n${script}`], { input })
}

/** A new workspace with the planted bundle in `<base>/<folderName>`, folder and file this process's user's alone. */
async function plantedFolder (t: Test, factory: Factory, folderName: string): Promise<{ base: string, marker: string, name: string, text: string, dir: string }> {
  const base = workspace(t)
  const marker = join(base, 'planted-ran')
  const { name, text } = await plantedBundle(factory, base, marker)
  const dir = folder(join(base, folderName), 0o700)
  writeFileSync(join(dir, name), text, { mode: 0o600 })
  return { base, marker, name, text, dir }
}

/** Creates `dir` (mode 0755) and `files` in it (mode 0644) as the other user. */
function plantAsOtherUser (dir: string, files: Record<string, string>): void {
  asOtherUser(`
    const { mkdirSync, writeFileSync } = require('node:fs')
    const plan = JSON.parse(require('node:fs').readFileSync(0, 'utf8'))
    mkdirSync(plan.dir, { recursive: true, mode: 0o755 })
    for (const [name, text] of Object.entries(plan.files)) writeFileSync(require('node:path').join(plan.dir, name), text, { mode: 0o644 })
  `, JSON.stringify({ dir, files }))
}

/** A folder like the system's temporary folder: anyone may create entries, only their owner may remove them. */
function sharedTemporaryFolder (base: string): string {
  chmodSync(base, 0o755)
  return folder(join(base, 'shared'), 0o1777)
}

function contentsOf (dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name), 'latin1')]))
}

function modeOf (path: string): string {
  return (lstatSync(path).mode & 0o7777).toString(8)
}

for (const [faceName, factory] of enclaveFaces) {
  t.test(`${faceName}: schemaCache runs only code its own user wrote`, async (t) => {
    const plain = await answersOf(factory)

    t.test('control: the planted bundle, in a folder only the app\'s user can write, is run', async (t) => {
      const { marker, dir } = await plantedFolder(t, factory, 'cache')
      const { answers, refusals } = await startWithCache(factory, dir)
      t.ok(existsSync(marker), 'its code ran at load')
      t.match(answers[0], /^400 .*planted by the test/, 'and its validator answered')
      t.same(refusals, [])
    })

    t.test('a folder another user created first (in a shared temporary folder) is refused: its code never runs', twoUsers, async (t) => {
      const base = workspace(t)
      const marker = join(base, 'planted-ran')
      const { name, text } = await plantedBundle(factory, base, marker)
      const dir = join(sharedTemporaryFolder(base), 'my-app-schema-cache')
      plantAsOtherUser(dir, { [name]: text })
      t.equal(statSync(dir).uid, otherUid, 'the folder belongs to the other user')
      const planted = contentsOf(dir)

      const first = await startWithCache(factory, dir)
      t.same(first.answers, plain, 'the app answers as without the cache')
      t.notOk(existsSync(marker), 'the planted code did not run')
      t.equal(first.refusals.length, 1)
      t.equal(first.refusals[0]?.name, 'Warning')
      t.equal(first.refusals[0]?.message, `The schemaCache path ${dir} is not used: it is owned by uid ${otherUid}, not by this process's uid ${String(processUid)}. Its code is not run; the schemas are compiled instead.`)
      t.same(contentsOf(dir), planted, 'nothing was written to the refused folder')

      const second = await startWithCache(factory, dir)
      t.same(second.answers, plain)
      t.notOk(existsSync(marker), 'not on the next start either')
      t.same(second.refusals, [], 'the warning is given once per folder')
    })

    t.test('a bundle or code cache another user wrote, found in the app\'s own folder, is refused and replaced', twoUsers, async (t) => {
      const base = workspace(t)
      const marker = join(base, 'planted-ran')
      const { name, text } = await plantedBundle(factory, base, marker)
      const v8Name = name.replace(/\.js$/, '.v8')
      const drop = join(sharedTemporaryFolder(base), 'drop')
      plantAsOtherUser(drop, { [name]: text, [v8Name]: 'not a code cache' })
      const dir = folder(join(base, 'app-cache'), 0o700)
      renameSync(join(drop, name), join(dir, name))
      const { answers, refusals } = await startWithCache(factory, dir)
      t.same(answers, plain)
      t.notOk(existsSync(marker), 'the planted code did not run')
      t.equal(refusals.length, 1)
      t.match(refusals[0]?.message, `The schemaCache path ${join(dir, name)} is not used: it is owned by uid ${otherUid}`)
      t.equal(lstatSync(join(dir, name)).uid, processUid, 'the bundle was rewritten by the app')
      t.equal(modeOf(join(dir, name)), '600')
      t.notMatch(readFileSync(join(dir, name), 'utf8'), 'planted')

      // A genuine bundle beside a code cache of the other user.
      const other = folder(join(base, 'app-cache-2'), 0o700)
      writeFileSync(join(other, name), readFileSync(join(dir, name)), { mode: 0o600 })
      renameSync(join(drop, v8Name), join(other, v8Name))
      const withForeignCodeCache = await startWithCache(factory, other)
      t.same(withForeignCodeCache.answers, plain)
      t.equal(withForeignCodeCache.refusals.length, 1)
      t.match(withForeignCodeCache.refusals[0]?.message, `The schemaCache path ${join(other, v8Name)} is not used: it is owned by uid ${otherUid}`)
      t.equal(lstatSync(join(other, v8Name)).uid, processUid, 'the code cache was rewritten by the app')
    })

    t.test('a folder writable by its group or by others is refused, and nothing is written to it', posixOnly, async (t) => {
      for (const [mode, shown] of [[0o770, '0770'], [0o707, '0707'], [0o1777, '1777']] as const) {
        const { marker, name, dir } = await plantedFolder(t, factory, 'cache')
        chmodSync(dir, mode)
        const { answers, refusals } = await startWithCache(factory, dir)
        t.same(answers, plain, shown)
        t.notOk(existsSync(marker), `${shown}: the bundle in it did not run`)
        t.equal(refusals.length, 1)
        t.match(refusals[0]?.message, `The schemaCache path ${dir} is not used: it is writable by its group or by others (mode ${shown})`)
        t.same(readdirSync(dir), [name], `${shown}: no file was added`)
      }
    })

    t.test('a bundle writable by its group or by others is refused and replaced', posixOnly, async (t) => {
      for (const mode of [0o660, 0o606]) {
        const { marker, name, dir } = await plantedFolder(t, factory, 'cache')
        chmodSync(join(dir, name), mode)
        const { answers, refusals } = await startWithCache(factory, dir)
        t.same(answers, plain)
        t.notOk(existsSync(marker), 'the bundle did not run')
        t.match(refusals[0]?.message, `The schemaCache path ${join(dir, name)} is not used: it is writable by its group or by others (mode 0${mode.toString(8)})`)
        t.equal(modeOf(join(dir, name)), '600', 'rewritten with mode 0600')
      }
    })

    t.test('a folder that is a symbolic link is refused, and nothing is written through it', async (t) => {
      const { base, marker, name, dir: real } = await plantedFolder(t, factory, 'real')
      const link = join(base, 'link')
      symlinkSync(real, link, 'dir')
      const { answers, refusals } = await startWithCache(factory, link)
      t.same(answers, plain)
      t.notOk(existsSync(marker), 'the bundle behind the link did not run')
      t.equal(refusals.length, 1)
      t.match(refusals[0]?.message, `The schemaCache path ${link} is not used: it is a symbolic link.`)
      t.same(readdirSync(real), [name], 'nothing written behind the link')
    })

    t.test('a bundle that is a symbolic link or a hard link is refused, never followed, and replaced by a file of its own', async (t) => {
      for (const kind of ['symbolic link', 'hard link'] as const) {
        const base = workspace(t)
        const marker = join(base, 'planted-ran')
        const { name, text } = await plantedBundle(factory, base, marker)
        const elsewhere = join(folder(join(base, 'elsewhere'), 0o700), 'bundle.js')
        writeFileSync(elsewhere, text, { mode: 0o600 })
        const dir = folder(join(base, 'cache'), 0o700)
        if (kind === 'symbolic link') symlinkSync(elsewhere, join(dir, name))
        else linkSync(elsewhere, join(dir, name))
        const { answers, refusals } = await startWithCache(factory, dir)
        t.same(answers, plain, kind)
        t.notOk(existsSync(marker), `${kind}: the linked bundle did not run`)
        t.equal(refusals.length, 1)
        t.match(refusals[0]?.message, `The schemaCache path ${join(dir, name)} is not used: it ${kind === 'symbolic link' ? 'is a symbolic link' : 'has 2 hard links'}.`)
        t.equal(readFileSync(elsewhere, 'utf8'), text, `${kind}: the link's target is untouched`)
        t.ok(lstatSync(join(dir, name)).isFile(), `${kind}: replaced by a file`)
        t.equal(lstatSync(join(dir, name)).nlink, 1)
      }
    })

    t.test('a new folder gets mode 0700 and its files 0600 whatever the umask, and the second start uses them', posixOnly, async (t) => {
      const base = workspace(t)
      const dir = join(base, 'node_modules', '.cache', 'enclave')
      const umask = process.umask(0)
      let first: Awaited<ReturnType<typeof startWithCache>>
      try {
        first = await startWithCache(factory, dir)
      } finally {
        process.umask(umask)
      }
      t.same(first.answers, plain)
      t.same(first.refusals, [])
      t.equal(modeOf(dir), '700')
      const files = readdirSync(dir).sort()
      t.same(files.map((file) => file.slice(file.lastIndexOf('.'))), ['.js', '.v8'])
      for (const file of files) t.equal(modeOf(join(dir, file)), '600', file)

      const written = contentsOf(dir)
      const second = await startWithCache(factory, dir)
      t.same(second.answers, plain)
      t.same(second.refusals, [], 'its own folder is trusted on every start')
      t.same(contentsOf(dir), written, 'everything was found: nothing rewritten')

      // What the app's own user puts there is what runs.
      const bundle = join(dir, files[0]!)
      const rejectAll = 'module.exports = function rejectAll () { rejectAll.errors = [{ instancePath: "", schemaPath: "#", keyword: "own", params: {}, message: "written by the app\'s user" }]; return false }'
      writeFileSync(bundle, withValidatorCode(readFileSync(bundle, 'utf8'), rejectAll))
      const third = await startWithCache(factory, dir)
      t.match(third.answers[0], /^400 .*written by the app's user/, 'the third start loads the code from the cache')
      t.same(third.refusals, [])
    })
  })
}

/**
 * Validator code whose verdict is set in the module's own (eagerly compiled) function, so a code
 * cache made from one variant, run with the source of the other, answers with its own verdict.
 * Both variants have the same length: V8 would take either's code cache for the other.
 */
function verdictCode (reject: boolean): string {
  return `const reject = ${reject ? 'true ' : 'false'}; module.exports = function check () { check.errors = [{ instancePath: "", schemaPath: "#", keyword: "verdict", params: {}, message: "rejected by the test" }]; return !reject }`
}

/**
 * Each case uses a folder of its own: V8 reuses a script compiled earlier in the process only for
 * the same text under the same file name, so a bundle at a new path is compiled with the code
 * cache given, as in a fresh process.
 */
for (const [faceName, factory] of enclaveFaces) {
  t.test(`${faceName}: the V8 code cache is only used with the exact bundle it was made from`, async (t) => {
    const base = workspace(t)
    const { name, text } = await genuineBundle(factory, base)
    const accepting = withValidatorCode(text, verdictCode(false))
    const rejecting = withValidatorCode(text, verdictCode(true))
    t.equal(accepting.length, rejecting.length)
    const v8Name = name.replace(/\.js$/, '.v8')

    /** Starts the app on a new folder holding `bundle` (and `codeCache`): its first answer, and the code cache after. */
    async function startOn (bundle: string, codeCache?: Buffer): Promise<{ answer: string, codeCache: Buffer }> {
      const dir = mkdtempSync(join(base, 'case-'))
      writeFileSync(join(dir, name), bundle, { mode: 0o600 })
      if (codeCache !== undefined) writeFileSync(join(dir, v8Name), codeCache, { mode: 0o600 })
      const { answers, refusals } = await startWithCache(factory, dir)
      t.same(refusals, [])
      return { answer: answers[0]!, codeCache: readFileSync(join(dir, v8Name)) }
    }
    const accepted = /^200 /
    const rejected = /^400 .*rejected by the test/
    const forAccepting = await startOn(accepting)
    t.match(forAccepting.answer, accepted, 'the accepting variant, its code cache written')
    const forRejecting = await startOn(rejecting)
    t.match(forRejecting.answer, rejected, 'the rejecting variant, its code cache written')
    t.match((await startOn(accepting, forAccepting.codeCache)).answer, accepted, 'a matching pair')

    const lineOf = (codeCache: Buffer): Buffer => codeCache.subarray(0, codeCache.indexOf(10) + 1)
    const dataOf = (codeCache: Buffer): Buffer => codeCache.subarray(codeCache.indexOf(10) + 1)
    const tampered: Array<[string, Buffer]> = [
      ['the code cache of the other variant under this one\'s first line', Buffer.concat([lineOf(forAccepting.codeCache), dataOf(forRejecting.codeCache)])],
      ['bytes changed in the middle', Buffer.concat([lineOf(forAccepting.codeCache), dataOf(forAccepting.codeCache).map((byte, i, all) => (i > all.length / 2 && i < all.length / 2 + 64 ? byte ^ 0x5a : byte))])],
      ['cut short', forAccepting.codeCache.subarray(0, forAccepting.codeCache.length - 100)]
    ]
    for (const [what, bytes] of tampered) {
      const started = await startOn(accepting, bytes)
      t.match(started.answer, accepted, `${what}: discarded, the bundle's own code runs`)
      t.notSame(started.codeCache, bytes, `${what}: rewritten`)
    }

    // A mismatched pair: the accepting variant's code cache, whole and with its own first line, beside the rejecting bundle.
    const mismatched = await startOn(rejecting, forAccepting.codeCache)
    t.match(mismatched.answer, rejected, 'the bundle\'s own code runs')
    t.notSame(mismatched.codeCache, forAccepting.codeCache, 'the code cache of the other bundle is replaced')
    t.match((await startOn(rejecting, mismatched.codeCache)).answer, rejected, 'by one the next start uses')
  })
}
