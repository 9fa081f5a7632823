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
  for (const [name, values] of Object.entries(mine)) {
    t.strictSame(differingOptions[name], values, `${name} in profile.ts`)
    t.equal(rows.filter((line) => line.startsWith(`| \`${name}\``)).length, 1, `${name}: one row in the differences table`)
  }
  // What each value does is tested where the behaviour is (content-type-parsers-fastify-parity,
  // urls-fastify-parity, serialization-error-payloads); here, that each face starts from its side.
  const jsonx = async (app: any) => {
    app.post('/', async (request: any) => request.body)
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/jsonx' }, payload: '{}' })
    await app.close()
    return response.statusCode
  }
  t.equal(await jsonx(enclave()), 415, 'enclave(): exactContentTypeMatching true')
  t.equal(await jsonx(createServer({}, fastifyProfile)), 200, 'the Fastify face: exactContentTypeMatching false')
  t.equal(await jsonx(createServer({ exactContentTypeMatching: true }, fastifyProfile)), 415, 'an app may still choose the other value on the Fastify face')
  t.throws(() => enclave({ paramTooLongStatus: 500 } as any), { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.throws(() => enclave({ jsonNestingLimit: 0 } as any), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
