import t from 'tap'
import fp from 'fastify-plugin'
import enclave from '@enclave/core'
import { faces, type Factory } from './fixtures/faces.js'

async function outcome (factory: Factory, version: string | null, range: string) {
  const app = factory()
  if (version !== null) Object.defineProperty(app, 'version', { value: version, configurable: true })
  app.register(fp(async () => {}, { fastify: range, name: 'checked-plugin' }))
  try {
    await app.ready()
    return 'loaded'
  } catch (error: any) {
    return { code: error.code, message: error.message }
  } finally {
    await app.close()
  }
}

t.test('a plugin\'s `fastify` range is checked against the instance\'s version property, as Fastify', async (t) => {
  const cases: Array<[string | null, string]> = [[null, '4.x'], [null, '5.x'], ['5.1.0', '4.x'], ['5.1.0', '5.x'], ['4.0.0', '>=4.10']]
  for (const [version, range] of cases) {
    const [expected, ...others] = await Promise.all(faces.map(([, factory]) => outcome(factory, version, range)))
    for (const [index, observed] of others.entries()) t.same(observed, expected, `${faces[index + 1]![0]}: version ${String(version)}, range ${range}`)
  }
  t.same(await outcome(enclave as unknown as Factory, '5.1.0', '4.x'), { code: 'FST_ERR_PLUGIN_VERSION_MISMATCH', message: "fastify-plugin: checked-plugin - expected '4.x' fastify version, '5.1.0' is installed" })
})
