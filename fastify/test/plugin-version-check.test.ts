import { test } from 'tap'
import fp from 'fastify-plugin'
import Fastify4 from 'fastify4'
import Fastify5 from 'fastify5'
import EnclaveFastify from '@enclave/fastify'
import EnclaveFastify4 from '@enclave/fastify4'

type Factory = () => any

/** What ready() answers when a plugin that requires `range` of Fastify is registered: 'loaded', or the error's code and message. */
async function outcome (factory: Factory, range: string): Promise<string | [string | undefined, string]> {
  const app = factory()
  app.register(fp(async function needsRange () {}, { fastify: range, name: `needs-${range}` }))
  const result = await app.ready().then(() => 'loaded', (error: Error & { code?: string }) => [error.code, error.message] as [string | undefined, string])
  await app.close()
  return result
}

const faces: Array<[string, Factory, string]> = [
  ['@enclave/fastify', EnclaveFastify as unknown as Factory, 'fastify@5.12.8'],
  ['@enclave/fastify4', EnclaveFastify4 as unknown as Factory, 'fastify@4.29.1']
]
const real: Record<string, Factory> = { 'fastify@5.12.8': Fastify5 as unknown as Factory, 'fastify@4.29.1': Fastify4 as unknown as Factory }

for (const [name, factory, fastifyRelease] of faces) {
  test(`${name} checks a plugin's fastify range against ${fastifyRelease}, as that release does`, async (t) => {
    for (const range of ['5.x', '4.x', '>=4']) {
      t.same(await outcome(factory, range), await outcome(real[fastifyRelease]!, range), `fastify: '${range}'`)
    }
  })
}

test('a plugin for Fastify 5 loads on @enclave/fastify only, one for Fastify 4 on @enclave/fastify4 only', async (t) => {
  t.equal(await outcome(EnclaveFastify as unknown as Factory, '5.x'), 'loaded')
  t.same(await outcome(EnclaveFastify4 as unknown as Factory, '5.x'), ['FST_ERR_PLUGIN_VERSION_MISMATCH', "fastify-plugin: needs-5.x - expected '5.x' fastify version, '4.29.1' is installed"])
  t.equal(await outcome(EnclaveFastify4 as unknown as Factory, '4.x'), 'loaded')
  t.same(await outcome(EnclaveFastify as unknown as Factory, '4.x'), ['FST_ERR_PLUGIN_VERSION_MISMATCH', "fastify-plugin: needs-4.x - expected '4.x' fastify version, '5.12.8' is installed"])
})
