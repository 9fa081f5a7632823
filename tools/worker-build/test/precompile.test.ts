// What enclave-worker-build's two halves hand over: the generated schema module, and the router
// modules it rewrites so that the Worker generates no code.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
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

t.test('a CommonJS app module, which require()s its packages, is built', async (t) => {
  const folder = await mkdtemp(join(dirname(fileURLToPath(import.meta.url)), '.commonjs-app-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  await writeFile(join(folder, 'app.cjs'), [
    "const enclave = require('@enclave/core')",
    'module.exports = function build (schemaCache) {',
    '  const app = enclave({ schemaCache })',
    "  app.get('/', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, async () => 'ok')",
    '  return app',
    '}'
  ].join('\n'))
  // An entry that only counts the generated schemas keeps the bundle small.
  await writeFile(join(folder, 'worker.mjs'), "import code from '@enclave/worker-build/schema-code'\nexport default { fetch: () => new Response(String(code.entries.length)) }\n")
  const outfile = join(folder, 'worker.js')
  const result = await buildWorker({ entry: join(folder, 'worker.mjs'), app: join(folder, 'app.cjs'), outfile })
  t.equal(result.schemas, 1, 'the querystring schema is compiled')
  t.match(await readFile(outfile, 'utf8'), /export \{/)
})
