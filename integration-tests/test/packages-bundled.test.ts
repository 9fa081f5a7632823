// An app bundled whole by esbuild (as for AWS Lambda or a container without node_modules) runs:
// bundlers match each package's `module` condition, the CommonJS copy, whose lazy loads (pino,
// light-my-request, Ajv, fast-json-stringify) are plain require() calls they follow.
import t from 'tap'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build, type BuildOptions } from 'esbuild'

const run = promisify(execFile)
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))

const app = `
import fastify from '@enclave/fastify4'
import fastify5 from '@enclave/fastify'
import enclave from '@enclave/core'
import fp from '@enclave/plugin'
import bearerAuth from '@enclave/bearer-auth'

const schema = {
  body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  response: { 200: { type: 'object', properties: { name: { type: 'string' } } } }
}

async function answers (factory) {
  const app = factory({ logger: { level: 'warn' } })
  app.register(fp(async (instance) => { instance.decorate('greeting', 'hi') }))
  app.post('/items', { schema }, async function (request) { return { ...request.body, greeting: this.greeting } })
  app.register(async (child) => {
    await child.register(bearerAuth, { keys: ['k'] })
    child.get('/private', async () => ({ ok: true }))
  })
  const seen = []
  for (const request of [
    { method: 'POST', url: '/items', payload: { name: 'n', extra: 1 } },
    { method: 'POST', url: '/items', payload: { nope: 1 } },
    { method: 'GET', url: '/private' },
    { method: 'GET', url: '/private', headers: { authorization: 'Bearer k' } }
  ]) {
    const response = await app.inject(request)
    seen.push(response.statusCode + ' ' + response.body)
  }
  await app.close()
  return seen
}

async function main () {
  console.log(JSON.stringify({ v4: await answers(fastify), v5: await answers(fastify5), enclave: await answers(enclave) }))
}
main()
`

t.test('an app bundled by esbuild with every package in it answers as unbundled', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'enclave-bundle-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(join(root, 'integration-tests', '.bundle-entry.mjs'), app)
  t.teardown(() => rmSync(join(root, 'integration-tests', '.bundle-entry.mjs'), { force: true }))
  const entry = join(root, 'integration-tests', '.bundle-entry.mjs')
  const bundles = {
    cjs: join(dir, 'app.cjs'),
    // An ES module bundle holding CommonJS code needs a require() of its own, for Fastify as for Enclave.
    esm: join(dir, 'app.mjs')
  }
  const common: BuildOptions = { entryPoints: [entry], bundle: true, platform: 'node', logLevel: 'error' }
  await build({ ...common, format: 'cjs', outfile: bundles.cjs })
  await build({ ...common, format: 'esm', outfile: bundles.esm, banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } })
  // The answers' line: pino writes its lines to stdout too, in its own time.
  const answersOf = (stdout: string): Record<string, string[]> => JSON.parse(stdout.split('\n').find((line) => line.startsWith('{"v4":'))!) as Record<string, string[]>
  const unbundled = answersOf((await run(process.execPath, [entry], { cwd: root })).stdout)
  t.same(unbundled.v4, [
    '200 {"name":"n"}',
    '400 {"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"body must have required property \'name\'"}',
    '401 {"error":"missing authorization header"}',
    '200 {"ok":true}'
  ], 'the app as Fastify 4 answers it')
  for (const [format, file] of Object.entries(bundles)) {
    // Run from the temporary folder: no node_modules to fall back on.
    const { stdout } = await run(process.execPath, [file], { cwd: dir })
    t.same(answersOf(stdout), unbundled, `the ${format} bundle`)
  }
})
