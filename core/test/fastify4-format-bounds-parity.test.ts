import { test } from 'tap'
import enclave from '@enclave/core'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** The status and message a POST answers for `{ v: value }` under `{ type: 'string', ...keywords }`. */
async function answerFor (factory: Factory, keywords: Record<string, unknown>, value: string): Promise<string> {
  const app = factory()
  app.post('/', { schema: { body: { type: 'object', properties: { v: { type: 'string', ...keywords } } } } }, async () => 'ok')
  const res = await app.inject({ method: 'POST', url: '/', payload: { v: value } })
  await app.close()
  return res.statusCode === 200 ? '200' : `${res.statusCode} ${String(res.json().message)}`
}

// Fastify 4.29 (ajv-formats 2) compares a date-time's date, then its time's digits as written, the
// offset ignored; Fastify 5.12 (ajv-formats 3) compares the instants.
const dateTimeBounds: Array<[Record<string, unknown>, string, string, string]> = [
  [{ format: 'date-time', formatMaximum: '2024-01-02T00:00:00Z' }, '2024-01-02T01:00:00+02:00', '400 body/v should be <= 2024-01-02T00:00:00Z', '200'],
  [{ format: 'date-time', formatMinimum: '2024-01-02T01:00:00+02:00' }, '2024-01-02T00:30:00Z', '400 body/v should be >= 2024-01-02T01:00:00+02:00', '200'],
  [{ format: 'date-time', formatMaximum: '2024-01-02T10:00:00Z' }, '2024-01-02T09:00:00-05:00', '200', '400 body/v should be <= 2024-01-02T10:00:00Z'],
  [{ format: 'date-time', formatExclusiveMinimum: '2024-01-02T10:00:00Z' }, '2024-01-03T01:00:00+18:00', '200', '400 body/v should be > 2024-01-02T10:00:00Z'],
  [{ format: 'date-time', formatMinimum: '2024-01-02T10:00:00Z' }, '2024-01-01T23:00:00Z', '400 body/v should be >= 2024-01-02T10:00:00Z', '400 body/v should be >= 2024-01-02T10:00:00Z']
]

const fastify4Readers: Array<[string, Factory]> = [
  ...faces.filter(([name]) => name !== 'enclave()'),
  ['enclave({ requireTimezone: false })', (options) => enclave({ ...options, requireTimezone: false }) as unknown as Factory]
]

for (const [name, factory] of fastify4Readers) {
  test(`${name}: formatMinimum/formatMaximum on a date-time compare as Fastify 4.29 does, the offset ignored`, async (t) => {
    for (const [keywords, value, expected] of dateTimeBounds) {
      t.equal(await answerFor(factory, keywords, value), expected, `${JSON.stringify(keywords)} ${value}`)
    }
  })
}

for (const [name, factory] of [...fastify5Faces, ...faces.filter(([name]) => name === 'enclave()')]) {
  test(`${name}: formatMinimum/formatMaximum on a date-time compare the instants, as Fastify 5.12 does`, async (t) => {
    for (const [keywords, value, , expected] of dateTimeBounds) {
      t.equal(await answerFor(factory, keywords, value), expected, `${JSON.stringify(keywords)} ${value}`)
    }
  })
}

// ajv-formats 2 (Fastify 4.29) takes `010.0.0.1` as an IPv4 address; other parsers read its parts as
// octal (8.0.0.1), so a checked address could name another host. Every Enclave entry refuses them,
// as Fastify 5.12 does.
const leadingZeros = ['010.0.0.1', '1.2.3.04', '001.2.3.4']

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const fastify4 = name === 'fastify@4.29.1'
  // enclave() words its payload as the spec does ("should match"), the faces as Fastify ("must match").
  const refused = `400 body/v ${name === 'enclave()' ? 'should' : 'must'} match format "ipv4"`
  test(`${name}: an ipv4 address with leading zeros is ${fastify4 ? 'accepted (ajv-formats 2)' : 'refused'}`, async (t) => {
    for (const value of leadingZeros) {
      t.equal(await answerFor(factory, { format: 'ipv4' }, value), fastify4 ? '200' : refused, value)
    }
    t.equal(await answerFor(factory, { format: 'ipv4' }, '10.0.0.1'), '200')
  })
}
