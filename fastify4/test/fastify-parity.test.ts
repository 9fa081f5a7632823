import { test } from 'tap'
import { createRequire } from 'node:module'
import Fastify4 from 'fastify4'
import fastify from '@enclave/fastify4'

const require = createRequire(import.meta.url)

/** Error classes whose template still differs from Fastify 4.29's (none); listed so a new difference fails. */
const templatesStillDiffering = new Set<string>([])

function baseOf (error: Error): string {
  if (error instanceof RangeError) return 'RangeError'
  if (error instanceof TypeError) return 'TypeError'
  return 'Error'
}

test('require() exposes the keys of Fastify v4\'s module', async (t) => {
  const required = require('@enclave/fastify4')
  const expected = Object.keys(require('fastify4')).sort()
  t.same(Object.keys(required).filter((key) => expected.includes(key)).sort(), expected)
  t.equal(required, fastify, 'require() and import give the same factory')
})

test('errorCodes has every code of Fastify 4.29, with its name, statusCode, base class and message', async (t) => {
  const theirs = Fastify4.errorCodes as unknown as Record<string, new (...args: unknown[]) => Error & { code: string, statusCode: number }>
  const ours = fastify.errorCodes as unknown as Record<string, new (...args: unknown[]) => Error & { code: string, statusCode: number }>
  for (const code of Object.keys(theirs)) {
    const Ours = ours[code]
    if (Ours === undefined) { t.fail(`${code} is missing`); continue }
    const expected = new theirs[code]!('a', 'b')
    const actual = new Ours('a', 'b')
    t.equal(actual.name, 'FastifyError', `${code} name`)
    t.equal(actual.code, expected.code, `${code} code`)
    t.equal(actual.statusCode, expected.statusCode, `${code} statusCode`)
    t.equal(baseOf(actual), baseOf(expected), `${code} base class`)
    t.ok(actual instanceof Ours, `${code} instanceof`)
    if (!templatesStillDiffering.has(code)) t.equal(actual.message, expected.message, `${code} message`)
  }
})

test('an error instance serializes like Fastify\'s, and takes a cause', async (t) => {
  const cause = new Error('root')
  const expected = new Fastify4.errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/x', { cause })
  const actual = new fastify.errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/x', { cause })
  t.equal(JSON.stringify(actual), JSON.stringify(expected))
  t.equal(String(actual), String(expected))
  t.equal(actual.cause, cause)
  t.same(Object.keys(actual), Object.keys(expected))
})

test('initialConfig equals Fastify 4.29\'s for the same options, key order included', async (t) => {
  const cases: Array<() => Record<string, unknown>> = [
    () => ({}),
    () => ({ bodyLimit: 1000, caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 50, trustProxy: true }),
    () => ({ requestIdHeader: 'X-Request-Id', onProtoPoisoning: 'remove', exposeHeadRoutes: false, disableRequestLogging: true }),
    () => ({ logger: false, requestIdHeader: false, forceCloseConnections: true, return503OnClosing: false, genReqId: () => 'x' }),
    () => ({ https: null }),
    () => ({ connectionTimeout: 10, keepAliveTimeout: 5000, pluginTimeout: 0, useSemicolonDelimiter: false })
  ]
  for (const make of cases) {
    // Fresh objects: Fastify writes into the options it is given.
    const expected = Fastify4(make() as any).initialConfig
    const app = fastify(make() as any)
    t.equal(JSON.stringify(app.initialConfig), JSON.stringify(expected), JSON.stringify(make()))
    t.ok(Object.isFrozen(app.initialConfig))
  }
})

test('the root plugin is named fastify and version is 4.29.1, as in Fastify', async (t) => {
  const ours = fastify()
  const theirs = Fastify4()
  t.equal(ours.version, '4.29.1')
  t.equal(ours.version, theirs.version)
  t.equal(ours.pluginName, theirs.pluginName)
  t.equal(ours.pluginName, 'fastify')
  await ours.close()
  await theirs.close()
})

test('the ajv option group stays readable on initialConfig for plugins, without showing in it', async (t) => {
  const plugin = (ajv: unknown) => ajv
  const app = fastify({ ajv: { customOptions: { allErrors: true }, plugins: [plugin] } })
  t.same((app.initialConfig as any).ajv, { customOptions: { allErrors: true }, plugins: [plugin] })
  t.notOk(Object.keys(app.initialConfig).includes('ajv'))
  t.equal(JSON.stringify(app.initialConfig), JSON.stringify(Fastify4({ ajv: { customOptions: { allErrors: true }, plugins: [plugin] } }).initialConfig))
  await app.close()
})
