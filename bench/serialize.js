// S8: serializing an array of 100 users with the response schema, @enclave/fjs (fast-json-stringify)
// against JSON.stringify, in-process. Prints one JSON line: RESULT {...}.
import { createSerializerCompiler } from '@enclave/fjs'
import { makeUsers, usersResponseSchema } from './scenarios.js'
import { compare, parseMicroArgs } from './micro.js'

const data = makeUsers(100)
const serialize = createSerializerCompiler()({ schema: usersResponseSchema, method: 'GET', url: '/users', httpStatus: '200' })
if (serialize(data) !== JSON.stringify(data)) throw new Error('the schema serializer and JSON.stringify disagree on the S8 data')

const results = compare([
  { name: 'JSON.stringify', fn: () => JSON.stringify(data) },
  { name: '@enclave/fjs', note: 'fast-json-stringify through the default serializer compiler', fn: () => serialize(data) }
], parseMicroArgs(process.argv))

console.log('RESULT ' + JSON.stringify({ bytes: Buffer.byteLength(JSON.stringify(data)), results }))
