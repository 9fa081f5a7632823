// S2's serialization step alone, the same loop on Node, Bun and Deno: fast-json-stringify's two
// mechanisms (its generated string code, and `objectMechanism: 'native'`, which copies the value
// into schema-shaped objects and hands them to the engine's JSON.stringify) against a bare
// JSON.stringify, each as the string and as the bytes a response needs (`Buffer.byteLength` for
// `content-length`, which also flattens a concatenated string). CPU µs per call, cases alternated
// within each round, the median of the rounds.
//   node bench/fetch-serialize.js [rounds=5]      bun bench/fetch-serialize.js      deno run -A bench/fetch-serialize.js
import { createRequire } from 'node:module'
import { makeUser, users, usersResponseSchema } from './scenarios.js'

const require = createRequire(new URL('../compilers/fjs/package.json', import.meta.url))
const fastJsonStringify = require('fast-json-stringify')

const rounds = Number(process.argv[2] ?? '5')
const callsPerRound = 4000
const runtime = typeof globalThis.Bun !== 'undefined' ? `Bun ${globalThis.Bun.version}` : typeof globalThis.Deno !== 'undefined' ? `Deno ${globalThis.Deno.version.deno}` : `Node ${process.versions.node}`

// `forceProjection` turns the native mechanism on where fast-json-stringify's V8-version gate
// would leave it off (Node before 25), so every runtime measures both mechanisms.
const mechanisms = {
  default: (schema) => fastJsonStringify(schema),
  native: (schema) => fastJsonStringify(schema, { objectMechanism: 'native', forceProjection: true })
}
// Timestamps as a database driver hands them over: `Date`s, declared `format: 'date-time'`.
const datedSchema = { type: 'array', items: { ...usersResponseSchema.items, properties: { ...usersResponseSchema.items.properties, createdAt: { type: 'string', format: 'date-time' } } } }

class UserRow {
  constructor (i) { Object.assign(this, makeUser(i)) }
}
const datasets = {
  'S2 users (exact shape)': { schema: usersResponseSchema, data: users },
  'users + 3 undeclared columns': { schema: usersResponseSchema, data: users.map((user, i) => ({ ...user, passwordHash: 'x'.repeat(40), updatedAt: new Date(Date.UTC(2024, 0, 1 + i)), deletedAt: null })) },
  'users as class instances': { schema: usersResponseSchema, data: users.map((_, i) => new UserRow(i)) },
  'users with a Date, format date-time': { schema: datedSchema, data: users.map((user) => ({ ...user, createdAt: new Date(user.createdAt) })) }
}

function cpuMicros () {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

let sink = 0
function perCall (fn, data) {
  const start = cpuMicros()
  for (let i = 0; i < callsPerRound; i++) sink += fn(data).length
  return (cpuMicros() - start) / callsPerRound
}

function casesOf (name, schema, data) {
  const stringCode = mechanisms.default(schema)
  const native = mechanisms.native(schema)
  if (native(data) !== stringCode(data)) throw new Error(`${name}: the two mechanisms disagree`)
  return {
    'fjs string code': stringCode,
    'fjs native': native,
    'JSON.stringify (no schema)': JSON.stringify,
    'fjs string code, to bytes': (value) => ({ length: Buffer.byteLength(stringCode(value)) }),
    'fjs native, to bytes': (value) => ({ length: Buffer.byteLength(native(value)) }),
    'JSON.stringify, to bytes': (value) => ({ length: Buffer.byteLength(JSON.stringify(value)) })
  }
}

function median (values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const results = {}
for (const [dataName, { schema, data }] of Object.entries(datasets)) {
  const cases = casesOf(dataName, schema, data)
  for (const fn of Object.values(cases)) perCall(fn, data)
  const samples = {}
  for (let round = 0; round < rounds; round++) {
    for (const [caseName, fn] of Object.entries(cases)) (samples[caseName] ??= []).push(perCall(fn, data))
  }
  results[dataName] = Object.fromEntries(Object.entries(samples).map(([caseName, values]) => [caseName, { median: median(values), min: Math.min(...values), max: Math.max(...values) }]))
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ runtime, rounds, callsPerRound, results }))
} else {
  console.log(`${runtime}: CPU µs per call, median (range) of ${rounds} rounds of ${callsPerRound} calls${sink === 0 ? '' : ''}`)
  for (const [dataName, row] of Object.entries(results)) {
    console.log(dataName)
    for (const [caseName, { median: m, min, max }] of Object.entries(row)) console.log(`  ${caseName.padEnd(28)} ${m.toFixed(2)} (${min.toFixed(2)}–${max.toFixed(2)})`)
  }
}
