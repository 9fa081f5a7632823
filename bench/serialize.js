// S8: serializing an array of 100 objects with a response schema, @enclave/fjs (fast-json-stringify)
// against JSON.stringify, in-process. Two shapes: the S2 user (string-heavy, what APIs return) and
// a numbers-and-booleans record. Prints one JSON line: RESULT {...}.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createSerializerCompiler } from '@enclave/fjs'
import { makeUsers, usersResponseSchema } from './scenarios.js'
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

function versionOf (packageDir) {
  return JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')).version
}

// For reference: the newer fast-json-stringify that fastify@5 ships with, when installed.
const fastify5Copy = new URL('../node_modules/fastify5/node_modules/fast-json-stringify/', import.meta.url)
const ownVersion = JSON.parse(readFileSync(require.resolve('fast-json-stringify/package.json'), 'utf8')).version

function casesFor (schema, data) {
  const serialize = createSerializerCompiler()({ schema, method: 'GET', url: '/bench', httpStatus: '200' })
  if (serialize(data) !== JSON.stringify(data)) throw new Error('the schema serializer and JSON.stringify disagree on the S8 data')
  const cases = [
    { name: 'JSON.stringify', fn: () => JSON.stringify(data) },
    { name: '@enclave/fjs', note: `fast-json-stringify ${ownVersion} through the default serializer compiler`, fn: () => serialize(data) }
  ]
  if (existsSync(fastify5Copy)) {
    const newer = require(fastify5Copy.pathname)(schema)
    cases.push({ name: `fast-json-stringify ${versionOf(fastify5Copy)}`, note: "fastify@5's copy, for reference", fn: () => newer(data) })
  }
  return cases
}

const options = parseMicroArgs(process.argv)
const datasets = [
  { name: '100 users (the S2 shape: 10 values per object, 7 of them strings)', data: makeUsers(100), schema: usersResponseSchema },
  { name: '100 measurements (8 fields: numbers and booleans)', data: makeMeasurements(100), schema: measurementSchema }
].map(({ name, data, schema }) => ({
  name,
  bytes: Buffer.byteLength(JSON.stringify(data)),
  results: compare(casesFor(schema, data), options)
}))

console.log('RESULT ' + JSON.stringify({ datasets }))
