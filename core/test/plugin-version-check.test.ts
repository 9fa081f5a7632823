import t from 'tap'
import fp from 'fastify-plugin'
import enclave from '@enclave/core'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

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

// Partial versions under every operator, hyphen ranges, and ranges semver cannot parse (refused).
const ranges = [
  '<=4.x', '<=5.x', '>4.x', '>5.x', '<5', '>=4.29.2', '3.x - 4.x', '4 - 5', '4.10.x - 5.x', '4.10 - 5.12', '5 - 6',
  '^4.29.1 || ^5.12.8', '~4.29', '~5.12', '4.29.x', '5.12.x', 'not-a-range', 'latest', '>=x.y', '1.2.3.4', '5.x || junk', '4.x || junk', ''
]

for (const [label, entries] of [['Fastify 4', faces], ['Fastify 5', fastify5Faces]] as const) {
  t.test(`${label}: ranges read as semver reads them, an unreadable one refused`, async (t) => {
    const [[, fastify], ...enclaveEntries] = entries
    const expected = await Promise.all(ranges.map(async (range) => [range, await outcome(fastify, null, range)]))
    // The list holds ranges on both sides of the version.
    t.ok(expected.some(([, result]) => result === 'loaded'))
    t.ok(expected.some(([, result]) => result !== 'loaded'))
    for (const [name, factory] of enclaveEntries) {
      t.same(await Promise.all(ranges.map(async (range) => [range, await outcome(factory, null, range)])), expected, name)
    }
  })
}

t.test('a missing reply decorator is named before a missing request one, as Fastify', async (t) => {
  for (const entries of [faces, fastify5Faces]) {
    const seen = await Promise.all(entries.map(async ([, factory]) => {
      const app = factory()
      app.register(fp((_instance: unknown, _options: unknown, done: () => void) => { done() }, { name: 'needs-both', decorators: { request: ['onRequest'], reply: ['onReply'] } }))
      try {
        await app.ready()
        return 'loaded'
      } catch (error: any) {
        return error.message
      } finally {
        await app.close()
      }
    }))
    t.equal(seen[0], "The decorator 'onReply' required by 'needs-both' is not present in Reply")
    for (const [index, message] of seen.entries()) t.equal(message, seen[0], entries[index]![0])
  }
})
