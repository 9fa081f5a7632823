// What a schema-driven serializer could reach on the S2 user shape at best: hand-written for exactly
// this shape, with no type checks, against JSON.stringify. Evidence for the S8 notes, not part of
// the report.   node bench/serialize-ceiling.js [--quick]
import { makeUsers } from './scenarios.js'
import { compare, parseMicroArgs } from './micro.js'

const users = makeUsers(100)
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON must escape
const needsEscaping = /[\u0000-\u001f\u0022\u005c\ud800-\udfff]/

function quoted (value) {
  return needsEscaping.test(value) ? JSON.stringify(value) : '"' + value + '"'
}

function unescaped (value) {
  return '"' + value + '"'
}

function handWritten (list, string) {
  let json = '['
  for (let i = 0; i < list.length; i++) {
    const user = list[i]
    const address = user.address
    if (i > 0) json += ','
    json += '{"id":' + user.id + ',"name":' + string(user.name) + ',"email":' + string(user.email) +
      ',"age":' + user.age + ',"active":' + (user.active ? 'true' : 'false') + ',"role":' + string(user.role) +
      ',"createdAt":' + string(user.createdAt) + ',"address":{"street":' + string(address.street) +
      ',"city":' + string(address.city) + ',"zip":' + string(address.zip) + '}}'
  }
  return json + ']'
}

if (handWritten(users, quoted) !== JSON.stringify(users)) throw new Error('the hand-written serializer is wrong')
const results = compare([
  { name: 'JSON.stringify', fn: () => JSON.stringify(users) },
  { name: 'hand-written, escape check per string', fn: () => handWritten(users, quoted) },
  { name: 'hand-written, no escape check (unsafe)', fn: () => handWritten(users, unescaped) },
  { name: 'JSON.stringify, to bytes', fn: () => Buffer.byteLength(JSON.stringify(users)) },
  { name: 'hand-written with escape check, to bytes', fn: () => Buffer.byteLength(handWritten(users, quoted)) }
], parseMicroArgs(process.argv))
const base = results[0].opsPerSec
for (const row of results) console.log(`${row.name.padEnd(44)} ${Math.round(row.opsPerSec).toString().padStart(8)} ops/s  ${(row.opsPerSec / base).toFixed(2)}x`)
