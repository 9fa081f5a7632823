import t from 'tap'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import enclave from '@enclave/core'
import fastifyFace from '@enclave/fastify4'
import { until } from './fixtures/until.js'
import { plainChild } from './fixtures/plain-child.js'

type Test = Parameters<Parameters<typeof t.test>[0]>[0]

function cacheDir (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'enclave-schema-cache-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const bodySchema = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 2 }, when: { type: 'string', format: 'date-time' }, count: { type: 'integer', default: 1 } }
}
const responseSchema = { 200: { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } } } }

// Compiled at ready() (enclave() defaults to lazySchemaCompilation), so the bundle is written by ready().
async function start (t: Test, options: Record<string, unknown>, schema: Record<string, unknown> = { body: bodySchema, response: responseSchema }): Promise<any> {
  const app = enclave({ lazySchemaCompilation: false, ...options } as any)
  t.teardown(() => app.close())
  app.post('/items', { schema }, async (request: any) => ({ name: request.body.name, count: request.body.count, secret: 'dropped' }))
  await app.ready()
  return app
}

const cases = [
  { name: 'ok', when: '2026-11-25T10:00:00Z' },
  { name: 'ok', count: '4' },
  { name: 'x' },
  { name: 'ok', when: 'yesterday' },
  {}
]

async function answers (app: any): Promise<string[]> {
  const out: string[] = []
  for (const payload of cases) {
    const response = await app.inject({ method: 'POST', url: '/items', payload })
    out.push(`${response.statusCode} ${response.body}`)
  }
  return out
}

/** The bundle and its V8 code cache: one pair per option set. */
function files (dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.js') || name.endsWith('.v8')).sort().map((name) => join(dir, name))
}

function bundles (dir: string): string[] {
  return files(dir).filter((file) => file.endsWith('.js'))
}

function onlyBundle (dir: string): string {
  const found = bundles(dir)
  if (found.length !== 1) throw new Error(`expected one bundle, found ${found.length}`)
  return found[0]!
}

const entryOpen = '(function (require, module, exports) {\n'

/** The bundle's entries as the documented layout has them: `// entry <hash>` lines, then the key hash and the module function. */
function entries (bundle: string): string[] {
  return readFileSync(bundle, 'utf8').split('\n// entry ').slice(1)
}

/** Writes a bundle back with the first line's sha256 and length matching its new body (its scope hash kept). */
function sign (bundle: string, body: string): void {
  const bytes = Buffer.from(body)
  const [marker, layout, scope] = readFileSync(bundle, 'latin1').split('\n', 1)[0]!.split(' ')
  writeFileSync(bundle, `${marker} ${layout} ${scope} ${createHash('sha256').update(bytes).digest('hex')} ${bytes.length}\n${body}`)
}

/** Replaces the module code of the entry that `pick` selects, keeping the bundle well-formed. */
function replaceCode (dir: string, pick: (entry: string) => boolean, code: string): void {
  const bundle = onlyBundle(dir)
  const text = readFileSync(bundle, 'utf8')
  const body = text.slice(text.indexOf('\n') + 1)
  const parts = body.split('\n// entry ')
  const index = parts.findIndex((part, i) => i > 0 && pick(part))
  if (index === -1) throw new Error('no such entry')
  const part = parts[index]!
  const open = part.indexOf(entryOpen) + entryOpen.length
  parts[index] = part.slice(0, open) + code + part.slice(part.lastIndexOf('\n})'))
  sign(bundle, parts.join('\n// entry '))
}

function isValidator (entry: string): boolean {
  return /module\.exports = validate\d/.test(entry)
}

/** Node keeps compiled scripts per process: what V8 does with a code cache is seen from a fresh process. */
function startInChild (dir: string, routes = 40, lazy = false): Promise<string> {
  const script = `
    import enclave from '@enclave/core'
    const app = enclave({ schemaCache: { dir: ${JSON.stringify(dir)} }, lazySchemaCompilation: ${String(lazy)} })
    for (let i = 0; i < ${routes}; i++) {
      app.post('/r' + i, { schema: { body: { type: 'object', properties: { n: { type: 'integer', maximum: i } } }, response: { 200: { type: 'object', properties: { ['f' + i]: { type: 'string' } } } } } }, async () => ({}))
    }
    await app.ready()
    const answer = await app.inject({ method: 'POST', url: '/r3', payload: { n: 4 } })
    console.log(answer.statusCode)
    if (${String(lazy)}) console.log((await app.inject({ method: 'POST', url: '/r4', payload: { n: 1 } })).statusCode)
    await app.close()
  `
  return new Promise((resolve, reject) => {
    const [file, args] = plainChild(process.execPath, ['--input-type=module', '-e', script])
    execFile(file, args, { cwd: fileURLToPath(new URL('.', import.meta.url)) }, (error, stdout) => {
      if (error !== null) reject(error)
      else resolve(stdout.trim())
    })
  })
}

const rejectEverything = 'module.exports = function rejectAll () { rejectAll.errors = [{ instancePath: "", schemaPath: "#", keyword: "planted", params: {}, message: "planted by the test" }]; return false }'

t.test('schemaCache: a second start answers exactly as the first and as an app without the cache', async (t) => {
  const dir = cacheDir(t)
  const plain = await answers(await start(t, {}))
  const first = await answers(await start(t, { schemaCache: { dir } }))
  t.equal(bundles(dir).length, 1, 'one bundle for the option set')
  t.equal(files(dir).length, 2, 'and its V8 code cache beside it')
  t.equal(entries(onlyBundle(dir)).length, 2, 'one entry for the body validator, one for the response serializer')
  const written = files(dir).map((file) => readFileSync(file))
  const second = await answers(await start(t, { schemaCache: { dir } }))
  t.same(first, plain)
  t.same(second, plain)
  t.same(files(dir).map((file) => readFileSync(file)), written, 'nothing rewritten on the second start')
})

t.test('schemaCache: a second start uses the stored code instead of compiling', async (t) => {
  const dir = cacheDir(t)
  await start(t, { schemaCache: { dir } })
  replaceCode(dir, isValidator, rejectEverything)
  const app = await start(t, { schemaCache: { dir } })
  const response = await app.inject({ method: 'POST', url: '/items', payload: { name: 'ok' } })
  t.equal(response.statusCode, 400)
  t.match(response.json().message, /planted by the test/)
})

t.test('schemaCache: a changed schema is compiled again, never served the old code', async (t) => {
  const dir = cacheDir(t)
  await start(t, { schemaCache: { dir } })
  replaceCode(dir, isValidator, rejectEverything)
  const changed = { ...bodySchema, properties: { ...bodySchema.properties, name: { type: 'string', minLength: 1 } } }
  const app = await start(t, { schemaCache: { dir } }, { body: changed })
  const response = await app.inject({ method: 'POST', url: '/items', payload: { name: 'x' } })
  t.equal(response.statusCode, 200)
})

t.test('schemaCache: changed validator options or shared schemas are compiled again', async (t) => {
  const dir = cacheDir(t)
  await start(t, { schemaCache: { dir } })
  replaceCode(dir, isValidator, rejectEverything)
  const planted = onlyBundle(dir)
  const otherOptions = await start(t, { schemaCache: { dir }, ajv: { customOptions: { coerceTypes: false } } })
  const coercionOff = await otherOptions.inject({ method: 'POST', url: '/items', payload: { name: 'ok', count: '4' } })
  t.equal(coercionOff.statusCode, 400)
  t.match(coercionOff.json().message, /be integer/)
  t.equal(bundles(dir).length, 2, 'another option set, another bundle')

  const withShared = enclave({ schemaCache: { dir }, lazySchemaCompilation: false })
  t.teardown(() => withShared.close())
  withShared.addSchema({ $id: 'unused', type: 'string' })
  withShared.post('/items', { schema: { body: bodySchema, response: responseSchema } }, async () => 'ok')
  const response = await withShared.inject({ method: 'POST', url: '/items', payload: { name: 'ok' } })
  t.equal(response.statusCode, 200)
  t.ok(readFileSync(planted, 'utf8').includes('planted by the test'), 'the planted entry is still there, just not used')
})

t.test('schemaCache: validator options that JSON cannot tell apart (a RegExp format) turn the cache off', async (t) => {
  const dir = cacheDir(t)
  const schema = { body: { type: 'object', properties: { code: { type: 'string', format: 'code' } } } }
  async function codeAnswer (pattern: RegExp): Promise<number> {
    const app = await start(t, { schemaCache: { dir }, ajv: { customOptions: { formats: { code: pattern } } } }, schema)
    return (await app.inject({ method: 'POST', url: '/items', payload: { code: 'abc' } })).statusCode
  }
  t.equal(await codeAnswer(/^abc$/), 200)
  t.equal(await codeAnswer(/^xyz$/), 400, 'the second pattern is used, not code keyed to the first')
  for (const bundle of bundles(dir)) t.equal(entries(bundle).filter(isValidator).length, 0)
})

t.test('schemaCache: a corrupt or truncated bundle is compiled again and rewritten, never a crash', async (t) => {
  const dir = cacheDir(t)
  const plain = await answers(await start(t, {}))
  await start(t, { schemaCache: { dir } })
  const bundle = onlyBundle(dir)
  const whole = readFileSync(bundle)
  const damaged: Array<[string, Buffer | string]> = [
    ['cut short', whole.subarray(0, Math.floor(whole.length / 2))],
    ['cut inside the first line', whole.subarray(0, 20)],
    ['empty', ''],
    ['garbage', 'garbage {{{'],
    ['one byte changed', Buffer.concat([whole.subarray(0, whole.length - 40), Buffer.from('X'), whole.subarray(whole.length - 39)])]
  ]
  for (const [name, bytes] of damaged) {
    writeFileSync(bundle, bytes)
    t.same(await answers(await start(t, { schemaCache: { dir } })), plain, name)
    t.equal(entries(bundle).length, 2, `${name}: rewritten whole`)
  }
  sign(bundle, 'this is not JavaScript {{{')
  t.same(await answers(await start(t, { schemaCache: { dir } })), plain, 'a signed body that does not parse')
  sign(bundle, '({ not: "an array" })')
  t.same(await answers(await start(t, { schemaCache: { dir } })), plain, 'a signed body of another shape')
  replaceCode(dir, isValidator, 'module.exports = 42')
  replaceCode(dir, (entry) => !isValidator(entry), 'throw new Error("planted")')
  t.same(await answers(await start(t, { schemaCache: { dir } })), plain, 'entries that export no function or throw')
  t.same(await answers(await start(t, { schemaCache: { dir } })), plain, 'the rewritten bundle works')
})

t.test('schemaCache: a V8 code cache that is damaged or of another bundle is ignored and rebuilt', async (t) => {
  const dir = cacheDir(t)
  t.equal(await startInChild(dir), '400')
  const bundle = onlyBundle(dir)
  const v8File = bundle.replace(/\.js$/, '.v8')
  const good = readFileSync(v8File)
  t.equal(await startInChild(dir), '400')
  t.same(readFileSync(v8File), good, 'an accepted code cache is left as it is')

  const headerEnd = good.indexOf(10) + 1
  const damaged = Buffer.concat([good.subarray(0, headerEnd), Buffer.alloc(good.length - headerEnd, 7)])
  writeFileSync(v8File, damaged)
  t.equal(await startInChild(dir), '400', 'V8 rejects the data: the bundle is parsed instead')
  const rebuilt = readFileSync(v8File)
  t.notSame(rebuilt, damaged, 'and the code cache is written again')
  t.equal(await startInChild(dir), '400')
  t.same(readFileSync(v8File), rebuilt, 'which the next start accepts')

  // Same length, so only the pairing line tells the code cache belongs to the other text.
  const renamed = readFileSync(bundle, 'utf8').replaceAll('"f3"', '"g3"')
  sign(bundle, renamed.slice(renamed.indexOf('\n') + 1))
  t.equal(await startInChild(dir), '400')
  t.notSame(readFileSync(v8File), rebuilt, 'a code cache made for another bundle is replaced')
  t.equal(await startInChild(dir), '400')
})

t.test('schemaCache: starts running at the same time leave a whole bundle that a later start uses', async (t) => {
  const dir = cacheDir(t)
  const outputs = await Promise.all([startInChild(dir), startInChild(dir), startInChild(dir), startInChild(dir)])
  t.same(outputs, ['400', '400', '400', '400'])
  t.same(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [], 'no temporary file left')
  t.equal(entries(onlyBundle(dir)).length, 80)
  const written = files(dir).map((file) => readFileSync(file))
  t.equal(await startInChild(dir), '400')
  t.same(files(dir).map((file) => readFileSync(file)), written, 'the later start found everything and wrote nothing')
})

t.test('schemaCache: a directory that cannot be written only costs the cache', async (t) => {
  const dir = cacheDir(t)
  const blocked = join(dir, 'a-file')
  writeFileSync(blocked, '')
  const plain = await answers(await start(t, {}))
  t.same(await answers(await start(t, { schemaCache: { dir: join(blocked, 'below') } })), plain)
})

t.test('schemaCache works with lazySchemaCompilation and on @enclave/fastify4', async (t) => {
  const dir = cacheDir(t)
  const plain = await answers(await start(t, {}))
  async function lazyApp (): Promise<any> {
    const app = fastifyFace({ schemaCache: { dir }, lazySchemaCompilation: true } as any)
    t.teardown(() => app.close())
    app.post('/items', { schema: { body: bodySchema, response: responseSchema } }, async (request: any) => ({ name: request.body.name, count: request.body.count }))
    await app.ready()
    return app
  }
  const app = await lazyApp()
  t.equal(files(dir).length, 0, 'nothing compiled at ready()')
  const fastifyAnswers = await answers(app)
  // Schemas compiled on first requests are written together, a moment later.
  await until(() => { try { return entries(onlyBundle(dir)).length === 2 } catch { return false } })
  t.equal(entries(onlyBundle(dir)).length, 2)
  // The Fastify face words validation errors as Fastify; compare statuses only.
  t.same(fastifyAnswers.map((line) => line.slice(0, 3)), plain.map((line) => line.slice(0, 3)))
  replaceCode(dir, isValidator, rejectEverything)
  const second = await lazyApp()
  const response = await second.inject({ method: 'POST', url: '/items', payload: { name: 'ok' } })
  t.equal(response.statusCode, 400, 'the second lazy start reads the stored code on the first request')
  t.match(response.json().message, /planted by the test/)
})

t.test('schemaCache: what lazySchemaCompilation compiled on first requests is written when the process exits first', async (t) => {
  const dir = cacheDir(t)
  // The first schema compiled is written at once; the next ones wait for the timer, which the exit beats.
  t.equal(await startInChild(dir, 5, true), '400\n200')
  t.equal(entries(onlyBundle(dir)).length, 3, "/r3's body validator, /r4's body validator and 200 serializer")
})

t.test('schemaCache must be null or { dir: string }', async (t) => {
  t.throws(() => enclave({ schemaCache: 'dir' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ schemaCache: { dir: '' } as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
