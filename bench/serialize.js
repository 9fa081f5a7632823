// S8: serializing an array of 100 objects with a response schema, @enclave/fjs (fast-json-stringify)
// against JSON.stringify, in-process. Three shapes: the S2 user as a database returns it (with a Date),
// the same user reduced to JSON values (string-heavy), and a numbers-and-booleans record. Prints one
// JSON line: RESULT {...}.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createSerializerCompiler } from '@enclave/fjs'
import { makeUsers, userSchema, usersResponseSchema } from './scenarios.js'
import { compare, parseMicroArgs } from './micro.js'

const require = createRequire(import.meta.url)

const measurementSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      x: { type: 'number' },
      y: { type: 'number' },
      z: { type: 'number' },
      count: { type: 'integer' },
      valid: { type: 'boolean' },
      flagged: { type: 'boolean' },
      score: { type: 'number' }
    }
  }
}

function makeMeasurements (count) {
  const list = []
  for (let i = 0; i < count; i++) {
    list.push({ id: i + 1, x: i * 1.5, y: i / 3, z: -i * 0.75, count: i * 1000, valid: i % 2 === 0, flagged: i % 3 === 0, score: i * 0.25 })
  }
  return list
}

const fjsVersion = JSON.parse(readFileSync(require.resolve('fast-json-stringify/package.json'), 'utf8')).version

// Writing to a socket needs the string flat; a serializer that concatenates builds a rope that the
// write then copies, while JSON.stringify returns a flat string. Buffer.byteLength forces that
// copy, as res.end() would, so the "to bytes" rows compare what a response really pays.
function toBytes (text) {
  return Buffer.byteLength(text)
}

function casesFor (schema, data) {
  const serialize = createSerializerCompiler()({ schema, method: 'GET', url: '/bench', httpStatus: '200' })
  if (serialize(data) !== JSON.stringify(data)) throw new Error('the schema serializer and JSON.stringify disagree on the S8 data')
  const note = `fast-json-stringify ${fjsVersion} through the default serializer compiler`
  return [
    { name: 'JSON.stringify', fn: () => JSON.stringify(data) },
    { name: '@enclave/fjs', note, fn: () => serialize(data) },
    { name: 'JSON.stringify, to bytes', note: 'plus Buffer.byteLength: the flat string a socket write needs', fn: () => toBytes(JSON.stringify(data)) },
    { name: '@enclave/fjs, to bytes', note: 'plus Buffer.byteLength, which first flattens the concatenated string', fn: () => toBytes(serialize(data)) }
  ]
}

/** S2's users as a database driver hands them over: the timestamp is a Date, declared as a date-time. */
function makeStoredUsers (count) {
  return makeUsers(count).map(function withDateObject (user) {
    return Object.assign({}, user, { createdAt: new Date(user.createdAt) })
  })
}

const storedUsersSchema = {
  type: 'array',
  items: { ...userSchema, properties: { ...userSchema.properties, createdAt: { type: 'string', format: 'date-time' } } }
}

const options = parseMicroArgs(process.argv)
const datasets = [
  { name: '100 users as a database returns them (the S2 shape, `createdAt` a Date declared `format: "date-time"`)', short: '100 users from a database (a Date each)', data: makeStoredUsers(100), schema: storedUsersSchema },
  { name: '100 users already reduced to JSON values (the S2 payload: 10 values per object, 7 of them strings)', short: '100 users, JSON values only (string-heavy)', data: makeUsers(100), schema: usersResponseSchema },
  { name: '100 measurements (8 fields: numbers and booleans)', short: '100 measurements (numbers, booleans)', data: makeMeasurements(100), schema: measurementSchema }
].map(({ name, short, data, schema }) => ({
  name,
  short,
  bytes: Buffer.byteLength(JSON.stringify(data)),
  results: compare(casesFor(schema, data), options)
}))

console.log('RESULT ' + JSON.stringify({ datasets }))
