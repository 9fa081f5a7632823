import { test } from 'tap'
import { spawnSync } from 'node:child_process'
import { plainChild } from './fixtures/plain-child.js'

// What a ready() callback throws reaches the process as Fastify lets it: an unhandled rejection
// (Fastify calls it inside a promise), so an inject() callback whose options light-my-request refuses
// (the Testing guide's `method: String`) does too; a listen() or close() callback's throw is an
// uncaught exception. Run in a child process: the test runner treats both events as failures.
const script = (specifier: string) => `import factory from '${specifier}'
process.on('uncaughtException', (error) => console.log('uncaught', error.message))
process.on('unhandledRejection', (error) => console.log('unhandled', error.message))
factory().ready(() => { throw new Error('ready') })
const failing = factory()
failing.register(async () => { throw new Error('plugin') })
failing.ready((error) => { throw new Error('ready after ' + error.message) })
factory().inject({ method: String, url: '/' }, () => {})
factory().close(() => { throw new Error('close') })
const listening = factory()
listening.listen({ port: 0, host: '127.0.0.1' }, () => { listening.close(); throw new Error('listen') })`

const expected = [
  'uncaught close',
  'uncaught listen',
  'unhandled must be string',
  'unhandled ready',
  'unhandled ready after plugin'
]

for (const [name, specifier] of [['fastify@4.29.1', 'fastify4'], ['enclave()', '@enclave/core'], ['@enclave/fastify4', '@enclave/fastify4'], ['fastify@5.12.8', 'fastify5'], ['@enclave/fastify (v5)', '@enclave/fastify']]) {
  test(`${name}: a ready() callback's throw is an unhandled rejection, listen() and close() callbacks' uncaught`, async (t) => {
    const [file, args] = plainChild(process.execPath, ['--input-type=module', '-e', script(specifier!)])
    const child = spawnSync(file, args, { cwd: process.cwd(), encoding: 'utf8', timeout: 20_000 })
    t.same(child.stdout.trim().split('\n').sort(), expected, child.stderr)
  })
}
