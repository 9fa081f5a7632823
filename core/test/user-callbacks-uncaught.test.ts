// User callbacks run outside the framework's promise chains: an exception thrown in one is an ordinary
// uncaught exception (the process's 'uncaughtException'), never an unhandled rejection. The exception is
// ready(cb), which Fastify calls inside a promise: its throw is an unhandled rejection there and here
// (ready-callback-throw-fastify-parity.test.ts runs it on Fastify). Each case runs in a child process,
// since it must reach the process-level handlers.
import t from 'tap'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { plainChild } from './fixtures/plain-child.js'

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

const cases: Record<string, string> = {
  'listen(cb)': "app.listen({ port: 0, host: '127.0.0.1' }, () => { app.server.unref(); throw new Error('thrown in the callback') })",
  'inject(cb)': "app.inject('/', () => { throw new Error('thrown in the callback') })",
  'after(cb)': "app.register(async () => {}); app.after(() => { throw new Error('thrown in the callback') }); app.ready().catch(() => {})",
  'close(cb)': "app.close(() => { throw new Error('thrown in the callback') })",
  'close(cb) after ready()': "app.ready().then(() => app.close(() => { throw new Error('thrown in the callback') }))"
}

function runChild (body: string): Promise<string> {
  const script = `
    import enclave from '@enclave/core'
    const app = enclave()
    process.on('uncaughtException', (error) => { console.log('uncaughtException: ' + error.message); process.exit(0) })
    process.on('unhandledRejection', (error) => { console.log('unhandledRejection: ' + error?.message); process.exit(0) })
    setTimeout(() => { console.log('nothing'); process.exit(0) }, 5000).unref()
    app.get('/', async () => 'ok')
    ${body}
  `
  return new Promise((resolve, reject) => {
    const [file, args] = plainChild(process.execPath, ['--input-type=module', '-e', script])
    execFile(file, args, { cwd: repositoryRoot, timeout: 20000 }, (error, stdout) => {
      if (error !== null) reject(error)
      else resolve(stdout.trim())
    })
  })
}

for (const [name, body] of Object.entries(cases)) {
  t.test(`an exception thrown in ${name} is an uncaught exception, not an unhandled rejection`, async (t) => {
    t.equal(await runChild(body), 'uncaughtException: thrown in the callback')
  })
}
