// @fastify/autoload 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: a plugins
// folder of fastify-plugin plugins shares its decorators with a routes folder whose sub-folders become
// prefixes, `_id` folders parameters, and whose autohooks apply to their own folder only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import autoload from '@fastify5/autoload'
import { onFastify5 } from '../helpers/fastify5.js'

const dir = mkdtempSync(join(tmpdir(), 'enclave-autoload-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const files: Record<string, string> = {
  'plugins/greeting.cjs': "module.exports = async (app) => { app.decorate('greeting', 'hello') }\nmodule.exports[Symbol.for('skip-override')] = true\n",
  'routes/root.cjs': "module.exports = async (app) => { app.get('/', async () => ({ greeting: app.greeting })) }\n",
  'routes/users/index.cjs': "module.exports = async (app) => { app.get('/', async (request) => ({ users: [], hooked: request.hooked ?? false })) }\n",
  'routes/users/autohooks.cjs': "module.exports = async (app) => { app.addHook('onRequest', async (request) => { request.hooked = true }) }\n",
  'routes/users/_id/index.cjs': "module.exports = async (app) => { app.get('/', async (request) => ({ id: request.params.id, hooked: request.hooked ?? false })) }\n"
}
for (const [file, source] of Object.entries(files)) {
  mkdirSync(join(dir, file, '..'), { recursive: true })
  writeFileSync(join(dir, file), source)
}

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(autoload, { dir: join(dir, 'plugins') })
  await app.register(autoload, { dir: join(dir, 'routes'), autoHooks: true, routeParams: true })
  return app
}, async (t, app) => {
  t.test('a plugin\'s decorator reaches the routes', async (t) => {
    t.same((await app.inject('/')).json(), { greeting: 'hello' })
  })

  t.test('folders become prefixes and _id a parameter; autohooks stay in their own folder', async (t) => {
    t.same((await app.inject('/users')).json(), { users: [], hooked: true })
    t.same((await app.inject('/users/42')).json(), { id: '42', hooked: false })
  })

  t.test('an unknown path is a 404', async (t) => {
    t.equal((await app.inject('/users/42/x')).statusCode, 404)
  })
})
