// A request through app.fetch() needs none of Node's socket modules: each entry's built graph is
// imported, an app built and served through fetch, with node:http, https, http2, net and tls made
// unloadable (runtimes/node-free/refuse-socket-modules.mjs). listen() is what loads them, when called.
import t from 'tap'
import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const fixtures = join(root, 'integration-tests/runtimes/node-free')

interface Outcome {
  answers: Array<{ status: number, scope: string | null, body: string }>
  listening: string
}

const entries = {
  'enclave()': 'core/dist/index.js',
  '@enclave/fastify': 'fastify/dist/index.js',
  '@enclave/fastify4': 'fastify4/dist/index.js'
}

t.test('a request through app.fetch() loads no socket module on any entry; listen() asks for node:http', async (t) => {
  const files = Object.values(entries).map((file) => join(root, file))
  const { stdout } = await run(process.execPath, ['--import', join(fixtures, 'refuse-socket-modules.mjs'), join(fixtures, 'serve-through-fetch.mjs'), ...files], { cwd: root })
  const outcomes = JSON.parse(stdout) as Outcome[]
  Object.keys(entries).forEach((name, index) => {
    const [ok, badJson, badParams, missing] = outcomes[index]!.answers
    t.same(ok, { status: 200, scope: 'api', body: '{"id":7,"name":"ada"}' }, `${name}: hooks, parser, validation and the response schema ran`)
    t.match(JSON.parse(badJson!.body), { statusCode: 400, error: 'Bad Request' }, `${name}: bad JSON answers 400`)
    t.match(JSON.parse(badParams!.body), { statusCode: 400, error: 'Bad Request', message: /^params\/id / }, `${name}: bad params answer 400`)
    t.equal(missing!.status, 404, `${name}: not found`)
    t.equal(outcomes[index]!.listening, 'ERR_REFUSED_SOCKET_MODULE', `${name}: listen() is where node:http is loaded`)
  })
})
