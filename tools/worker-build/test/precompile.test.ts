// What enclave-worker-build's two halves hand over: the generated schema module, and the router
// modules it rewrites so that the Worker generates no code.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import enclave from '@enclave/core'
import { buildWorker } from '../src/build-worker.js'
import { precompileSchemas } from '../src/precompile.js'
import { patchRouterModule } from '../src/router-without-codegen.js'

t.test('precompileSchemas records every schema once, with its helpers resolved to files', async (t) => {
  const result = await precompileSchemas(function createApp (schemaCache) {
    const app = enclave({ schemaCache, lazySchemaCompilation: true })
    app.post('/a', {
      schema: {
        body: { type: 'object', properties: { email: { type: 'string', format: 'email' }, tags: { type: 'array', uniqueItems: true } } },
        response: { 200: { type: 'object', properties: { value: { oneOf: [{ type: 'integer' }, { type: 'string', minLength: 2 }] } } } }
      }
    }, async () => ({ value: 1 }))
    app.post('/b', { schema: { body: { type: 'object', properties: { email: { type: 'string', format: 'email' }, tags: { type: 'array', uniqueItems: true } } } } }, async () => 'b')
    return app
  }, import.meta.url)
  t.equal(result.entries, 2, 'the body schema shared by two routes and the response schema, even under lazySchemaCompilation')
  t.match(result.source, /^export default \{ entries, modules \}$/m)
  const required = [...result.source.matchAll(/^ {2}"([^"]+)": require\("([^"]+)"\),$/gm)]
  t.ok(required.length > 0)
  for (const [, id, file] of required) t.ok(isAbsolute(file!), `${id} is bundled from a resolved file`)
  t.notMatch(result.source, /fast-json-stringify\/lib\/validator/, 'oneOf is validated by inlined code, not by an Ajv built at run time')
})

t.test('the router modules lose their code generation, and an unknown router release fails the build', async (t) => {
  const lib = join(dirname(createRequire(import.meta.url).resolve('find-my-way')), 'lib')
  for (const file of ['handler-storage.js', 'constrainer.js', 'node.js']) {
    const path = join(lib, file)
    const patched = patchRouterModule(path, readFileSync(path, 'utf8'))
    t.ok(patched !== undefined, `${file} is rewritten`)
  }
  const nodeModule = patchRouterModule(join(lib, 'node.js'), readFileSync(join(lib, 'node.js'), 'utf8'))!
  t.notMatch(nodeModule, /new Function\('path'/)
  t.equal(patchRouterModule(join(lib, 'pretty-print.js'), 'module.exports = {}'), undefined, 'other modules are left alone')
  t.throws(() => patchRouterModule(join(lib, 'handler-storage.js'), 'module.exports = Other'), /not the find-my-way this build knows/)
})

t.test('a CommonJS app module builds: its require()s, an aliased package, and the Enclave factory it requires', async (t) => {
  const folder = await mkdtemp(join(dirname(fileURLToPath(import.meta.url)), '.commonjs-app-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  await writeFile(join(folder, 'app.cjs'), [
    "const enclave = require('framework-under-another-name')",
    'module.exports = function build (schemaCache) {',
    '  const app = enclave({ schemaCache })',
    "  app.get('/', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async (request) => request.query)",
    '  return app',
    '}'
  ].join('\n'))
  await writeFile(join(folder, 'worker.mjs'), [
    "import schemaCode from '@enclave/worker-build/schema-code'",
    "import build from './app.cjs'",
    'const app = build({ code: schemaCode })',
    'export default { fetch: app.fetch }'
  ].join('\n'))
  const outfile = join(folder, 'worker.js')
  const result = await buildWorker({ entry: join(folder, 'worker.mjs'), app: join(folder, 'app.cjs'), outfile, alias: { 'framework-under-another-name': '@enclave/core' } })
  t.equal(result.schemas, 1, 'the querystring schema is compiled')
  // The bundle needs nothing of the Worker runtime that Node lacks: Node runs it here.
  const worker = (await import(pathToFileURL(outfile).href) as { default: { fetch: (request: Request) => Promise<Response> } }).default
  const ok = await worker.fetch(new Request('http://localhost/?n=2'))
  t.equal(ok.status, 200)
  t.same(await ok.json(), { n: 2 })
  const bad = await worker.fetch(new Request('http://localhost/?n=x'))
  t.equal(bad.status, 400)
  t.match(await bad.json(), { message: 'querystring/n should be integer' })
})
