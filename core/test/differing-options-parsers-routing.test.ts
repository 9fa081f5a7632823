import t from 'tap'
import { readFileSync } from 'node:fs'
import enclave from '@enclave/core'
import { createServer, differingOptions, fastifyProfile } from '@enclave/core/internal'

const mine: Record<string, { fastify: unknown, enclave: unknown }> = {
  exactContentTypeMatching: { fastify: false, enclave: true },
  genericJsonParseErrors: { fastify: false, enclave: true },
  jsonNestingLimit: { fastify: false, enclave: 1000 },
  paramTooLongStatus: { fastify: 404, enclave: 414 },
  useSemicolonDelimiter: { fastify: true, enclave: false },
  protectErrorPayloads: { fastify: false, enclave: false }
}

t.test('the parser, routing and payload differences are listed options with Fastify\'s value on the Fastify face', async (t) => {
  const table = readFileSync(new URL('../../docs/migrating-from-fastify.md', import.meta.url), 'utf8')
  const rows = table.split('\n').filter((line) => line.startsWith('| '))
  const onEnclave = enclave()
  const onFastify = createServer({}, fastifyProfile)
  for (const [name, values] of Object.entries(mine)) {
    t.strictSame(differingOptions[name], values, `${name} in profile.ts`)
    t.equal(rows.filter((line) => line.startsWith(`| \`${name}\``)).length, 1, `${name}: one row in the differences table`)
    t.equal(onEnclave.initialConfig[name], values.enclave, `${name} on enclave()`)
    t.equal(onFastify.initialConfig[name], values.fastify, `${name} on the Fastify face`)
  }
  const chosen = createServer({ exactContentTypeMatching: true, paramTooLongStatus: 414 }, fastifyProfile)
  t.equal(chosen.initialConfig.exactContentTypeMatching, true, 'an app may still choose the other value on the Fastify face')
  t.equal(chosen.initialConfig.paramTooLongStatus, 414)
  t.throws(() => enclave({ paramTooLongStatus: 500 } as any), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ jsonNestingLimit: 0 } as any), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  await Promise.all([onEnclave.close(), onFastify.close(), chosen.close()])
})
