import { test } from 'tap'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { spyWarning } = require('process-warning')

// Fastify 5's own tests, and code that checks which warnings an app triggers, spy on the process-warning
// items of `require('fastify/lib/warnings')`: the face ships that module, whose items are the ones it emits through.

test('require(\'fastify/lib/warnings\') has fastify@5.12.8\'s warnings, under its names, with its codes', async (t) => {
  const ours = require('@enclave/fastify/lib/warnings')
  const theirs = require('fastify5/lib/warnings')
  t.same(Object.keys(ours), Object.keys(theirs))
  for (const name of Object.keys(theirs)) {
    t.same({ code: ours[name].code, name: ours[name].name, message: ours[name].message }, { code: theirs[name].code, name: theirs[name].name, message: theirs[name].message }, name)
  }
})

async function spiedCalls (factory: (options?: unknown) => any, warnings: Record<string, unknown>): Promise<unknown> {
  const missingPart = spyWarning(warnings.FSTWRN001)
  const externalRef = spyWarning(warnings.FSTSEC002)
  try {
    const app = factory()
    app.addSchema({ $id: 'shared-headers', type: 'object', properties: { 'X-Token': { type: 'string' } } })
    app.post('/:id', { schema: { body: undefined, headers: { $ref: 'shared-headers#' } } }, async () => 'ok')
    await app.ready()
    await app.close()
    // copied: restore() empties the spy's record
    return { FSTWRN001: [...missingPart.calls], FSTSEC002: [...externalRef.calls] }
  } finally {
    missingPart.restore()
    externalRef.restore()
  }
}

test('spyWarning() on the module\'s items sees the warnings the face emits, with fastify@5.12.8\'s arguments', async (t) => {
  const expected = await spiedCalls(require('fastify5'), require('fastify5/lib/warnings'))
  t.same(expected, {
    FSTWRN001: [{ arguments: ['body', 'POST', '/:id'], result: true }],
    FSTSEC002: [{ arguments: ['POST', '/:id', 'shared-headers#'], result: true }]
  }, 'what fastify@5.12.8 emits')
  t.same(await spiedCalls(require('@enclave/fastify'), require('@enclave/fastify/lib/warnings')), expected)
})
