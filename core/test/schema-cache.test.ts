import t from 'tap'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import enclave from '@enclave/core'
import fastifyFace from '@enclave/fastify'

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

async function start (t: Test, options: Record<string, unknown>, schema: Record<string, unknown> = { body: bodySchema, response: responseSchema }): Promise<any> {
  const app = enclave(options as any)
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

/** The cache files; each starts with a line holding the hash of the code below it. */
function files (dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.cjs')).map((name) => join(dir, name))
}

/** Rewrites a cache file with other code and a matching hash line, as a valid but different entry. */
function replaceCode (file: string, code: string): void {
  writeFileSync(file, `// ${createHash('sha256').update(code).digest('hex')}\n${code}`)
}

const rejectEverything = 'module.exports = function rejectAll () { rejectAll.errors = [{ instancePath: "", schemaPath: "#", keyword: "planted", params: {}, message: "planted by the test" }]; return false }'

function validatorFile (dir: string): string {
  const found = files(dir).filter((file) => readFileSync(file, 'utf8').includes('validate'))
  if (found.length !== 1) throw new Error(`expected one validator file, found ${found.length}`)
  return found[0]!
}

t.test('schemaCache: a second start answers exactly as the first and as an app without the cache', async (t) => {
  const dir = cacheDir(t)
  const plain = await answers(await start(t, {}))
  const first = await answers(await start(t, { schemaCache: { dir } }))
  t.equal(files(dir).length, 2, 'one file for the body validator, one for the response serializer')
  const second = await answers(await start(t, { schemaCache: { dir } }))
  t.same(first, plain)
  t.same(second, plain)
  t.equal(files(dir).length, 2, 'nothing new written on the second start')
})

t.test('schemaCache: a second start uses the stored code instead of compiling', async (t) => {
  const dir = cacheDir(t)
  await start(t, { schemaCache: { dir } })
  replaceCode(validatorFile(dir), rejectEverything)
  const app = await start(t, { schemaCache: { dir } })
  const response = await app.inject({ method: 'POST', url: '/items', payload: { name: 'ok' } })
  t.equal(response.statusCode, 400)
  t.match(response.json().message, /planted by the test/)
})

t.test('schemaCache: a changed schema is compiled again, never served the old code', async (t) => {
  const dir = cacheDir(t)
  await start(t, { schemaCache: { dir } })
  replaceCode(validatorFile(dir), rejectEverything)
  const changed = { ...bodySchema, properties: { ...bodySchema.properties, name: { type: 'string', minLength: 1 } } }
  const app = await start(t, { schemaCache: { dir } }, { body: changed })
  const response = await app.inject({ method: 'POST', url: '/items', payload: { name: 'x' } })
  t.equal(response.statusCode, 200)
})

t.test('schemaCache: changed validator options or shared schemas are compiled again', async (t) => {
  const dir = cacheDir(t)
  await start(t, { schemaCache: { dir } })
  replaceCode(validatorFile(dir), rejectEverything)
  const otherOptions = await start(t, { schemaCache: { dir }, ajv: { customOptions: { coerceTypes: false } } })
  const coercionOff = await otherOptions.inject({ method: 'POST', url: '/items', payload: { name: 'ok', count: '4' } })
  t.equal(coercionOff.statusCode, 400)
  t.match(coercionOff.json().message, /be integer/)

  const withShared = enclave({ schemaCache: { dir } })
  t.teardown(() => withShared.close())
  withShared.addSchema({ $id: 'unused', type: 'string' })
  withShared.post('/items', { schema: { body: bodySchema } }, async () => 'ok')
  const response = await withShared.inject({ method: 'POST', url: '/items', payload: { name: 'ok' } })
  t.equal(response.statusCode, 200)
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
  t.equal(files(dir).filter((file) => readFileSync(file, 'utf8').includes('validate')).length, 0)
})

t.test('schemaCache: a corrupt or truncated file is compiled again and rewritten, never a crash', async (t) => {
  const dir = cacheDir(t)
  const plain = await answers(await start(t, {}))
  await start(t, { schemaCache: { dir } })
  const [one, two] = files(dir)
  writeFileSync(one!, 'garbage {{{')
  writeFileSync(two!, readFileSync(two!, 'utf8').slice(0, 200))
  t.same(await answers(await start(t, { schemaCache: { dir } })), plain)
  replaceCode(one!, 'this is not JavaScript {{{')
  replaceCode(two!, 'module.exports = 42')
  t.same(await answers(await start(t, { schemaCache: { dir } })), plain)
  t.same(await answers(await start(t, { schemaCache: { dir } })), plain, 'the rewritten files work')
})

t.test('schemaCache: a directory that cannot be written only costs the cache', async (t) => {
  const dir = cacheDir(t)
  const blocked = join(dir, 'a-file')
  writeFileSync(blocked, '')
  const plain = await answers(await start(t, {}))
  t.same(await answers(await start(t, { schemaCache: { dir: join(blocked, 'below') } })), plain)
})

t.test('schemaCache works with lazySchemaCompilation and on @enclave/fastify', async (t) => {
  const dir = cacheDir(t)
  const plain = await answers(await start(t, {}))
  const app = fastifyFace({ schemaCache: { dir }, lazySchemaCompilation: true } as any)
  t.teardown(() => app.close())
  app.post('/items', { schema: { body: bodySchema, response: responseSchema } }, async (request: any) => ({ name: request.body.name, count: request.body.count }))
  await app.ready()
  t.equal(files(dir).length, 0, 'nothing compiled at ready()')
  const fastifyAnswers = await answers(app)
  t.equal(files(dir).length, 2)
  // The Fastify face words validation errors as Fastify; compare statuses only.
  t.same(fastifyAnswers.map((line) => line.slice(0, 3)), plain.map((line) => line.slice(0, 3)))
})

t.test('schemaCache must be null or { dir: string }', async (t) => {
  t.throws(() => enclave({ schemaCache: 'dir' as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ schemaCache: { dir: '' } as any }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
