import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { createServer, fastify4Profile } from '@enclave/core/internal'

// Each value: whether Fastify 4.29 (ajv-formats 2) and Fastify 5.12 (ajv-formats 3) accept it.
const dateTimes: Array<[string, boolean, boolean]> = [
  ['2024-01-02T03:04:05Z', true, true],
  ['2024-01-02T03:04:05.123+02:00', true, true],
  ['2024-01-02t03:04:05-0130', true, true],
  ['2024-01-02T03:04:05', true, false],
  ['2024-01-02 03:04:05.5', true, false],
  ['2024-01-02T23:59:60', true, false],
  ['2024-01-02T03:04:05+99:99', true, false],
  ['2024-01-02T24:00:00Z', false, false],
  ['2024-02-30T03:04:05Z', false, false],
  ['2024-01-02', false, false],
  ['yesterday', false, false]
]
const times: Array<[string, boolean, boolean]> = [
  ['03:04:05Z', true, true],
  ['03:04:05+02:00', true, true],
  ['03:04:05', true, false],
  ['03:04:05.25', true, false],
  ['23:59:60', true, false],
  ['22:59:60-01:00', false, true],
  ['25:00:00', false, false],
  ['03:04', false, false],
  ['noon', false, false]
]
// The formats a timezone is optional in on every entry.
const isoTimes: Array<[string, string, boolean]> = [
  ['iso-date-time', '2024-01-02T03:04:05', true],
  ['iso-date-time', '2024-01-02T03:04:05Z', true],
  ['iso-time', '03:04:05', true],
  ['iso-time', 'noon', false]
]

function build (factory: Factory, options?: Record<string, unknown>): any {
  const app = factory(options)
  const properties = { when: { type: 'string', format: 'date-time' }, at: { type: 'string', format: 'time' } }
  const schema = { type: 'object', properties }
  app.post('/body', { schema: { body: schema } }, async (request: any) => request.body)
  app.get('/query', { schema: { querystring: schema } }, async (request: any) => request.query)
  return app
}

async function statuses (app: any, key: 'when' | 'at', values: Array<[string, boolean, boolean]>): Promise<string[]> {
  const out: string[] = []
  for (const [value] of values) {
    const body = await app.inject({ method: 'POST', url: '/body', payload: { [key]: value } })
    const query = await app.inject({ url: `/query?${key}=${encodeURIComponent(value)}` })
    out.push(`${value} body ${body.statusCode} query ${query.statusCode}`)
  }
  return out
}

function expected (values: Array<[string, boolean, boolean]>, v5: boolean): string[] {
  return values.map(([value, v4ok, v5ok]) => {
    const status = (v5 ? v5ok : v4ok) ? 200 : 400
    return `${value} body ${status} query ${status}`
  })
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const v5 = name === 'enclave()' || name.includes('5')
  t.test(`${name}: format date-time ${v5 ? 'requires' : 'does not require'} a timezone`, async (t) => {
    const app = build(factory)
    t.teardown(() => app.close())
    t.same(await statuses(app, 'when', dateTimes), expected(dateTimes, v5))
  })

  t.test(`${name}: format time ${v5 ? 'requires' : 'does not require'} a timezone`, async (t) => {
    const app = build(factory)
    t.teardown(() => app.close())
    t.same(await statuses(app, 'at', times), expected(times, v5))
  })

  t.test(`${name}: iso-date-time and iso-time ${name === 'fastify@4.29.1' ? 'are unknown' : 'leave the timezone optional'}`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    app.get('/iso', { schema: { querystring: { type: 'object', properties: { dt: { type: 'string', format: 'iso-date-time' }, t: { type: 'string', format: 'iso-time' } } } } }, async () => 'ok')
    // Fastify 4.29's ajv-formats 2 has no iso-* formats; Enclave's entries know them (documented, additive).
    if (name === 'fastify@4.29.1') return await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: /unknown format "iso-date-time"/ })
    for (const [format, value, ok] of isoTimes) {
      const key = format === 'iso-time' ? 't' : 'dt'
      const response = await app.inject({ url: `/iso?${key}=${encodeURIComponent(value)}` })
      t.equal(response.statusCode, ok ? 200 : 400, `${format} ${value}`)
    }
  })

  t.test(`${name}: a value without a timezone that is refused answers the format's 400`, async (t) => {
    const app = build(factory)
    t.teardown(() => app.close())
    const response = await app.inject({ method: 'POST', url: '/body', payload: { when: '2024-01-02T03:04:05+99:99', at: '25:00:00' } })
    t.equal(response.statusCode, 400)
    t.match(response.json().message, v5 ? /body\/when (must|should) match format "date-time"/ : /body\/at (must|should) match format "time"/)
  })
}

const enclaveEntries = faces.filter(([name]) => name !== 'fastify@4.29.1').concat(fastify5Faces.filter(([name]) => name !== 'fastify@5.12.8'))
for (const [name, factory] of enclaveEntries) {
  t.test(`${name}: requireTimezone chooses either reading`, async (t) => {
    for (const requireTimezone of [true, false]) {
      const app = build(factory, { requireTimezone })
      t.teardown(() => app.close())
      const response = await app.inject({ url: '/query?when=2024-01-02T03:04:05&at=03:04:05' })
      t.equal(response.statusCode, requireTimezone ? 400 : 200, `requireTimezone: ${requireTimezone}`)
    }
  })
}

t.test('@enclave/fastify4: the v4 reading holds for validators kept by schemaCache', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'enclave-timezone-cache-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const face = (options: any): any => createServer(options, fastify4Profile)
  for (const round of ['written', 'loaded']) {
    const app = build(face, { schemaCache: { dir } })
    await app.ready()
    const out = await statuses(app, 'when', dateTimes)
    await app.close()
    t.same(out, expected(dateTimes, false), `validators ${round}`)
  }
})

t.test('requireTimezone must be a boolean', async (t) => {
  t.throws(() => createServer({ requireTimezone: 'yes' } as any, fastify4Profile), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
