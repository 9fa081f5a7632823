// Hostile input through each validator compiler, in-process: many keys to coerce, many invalid
// keys, a large body of invalid items. What it shows is how an adapter's cost grows with the size
// of what an attacker sends, next to Ajv on the equivalent JSON Schema; a case an order of magnitude
// below Ajv is a regression. Run alone: `node bench/compilers-hostile.js [--quick]`. Prints a table
// and one JSON line: RESULT {...}.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createValidatorCompiler } from '@enclave/ajv'
import { z } from 'zod'
import * as v from 'valibot'
import { compare, parseMicroArgs } from './micro.js'

function manyKeys (count, value) {
  const data = {}
  for (let i = 0; i < count; i++) data['k' + i] = value(i)
  return data
}

const numbers = manyKeys(2000, (i) => String(i))
const words = manyKeys(2000, (i) => 'x' + i)
const items = new Array(200_000).fill('x')

const query = { method: 'GET', url: '/', httpPart: 'querystring' }
const body = { method: 'POST', url: '/', httpPart: 'body' }
const ajv = createValidatorCompiler()
const ajvRecord = ajv({ schema: { type: 'object', additionalProperties: { type: 'number' } }, ...query })
const ajvItems = ajv({ schema: { type: 'array', items: { type: 'number' } }, ...body })

// Ajv coerces in place: each run gets its own copy, made outside the timed part's comparison by
// giving every case the same copy cost.
const cases = [
  { name: 'Ajv: 2,000 query values to coerce', fn: () => ajvRecord({ ...numbers }) },
  { name: 'Ajv: 2,000 invalid query values', fn: () => ajvRecord({ ...words }) },
  { name: 'Ajv: 200,000 invalid body items', fn: () => ajvItems(items) }
]

function adapterBuilt (name) {
  return existsSync(fileURLToPath(new URL(`../compilers/${name}/dist/index.js`, import.meta.url)))
}

const pending = []
const adapters = [
  { name: 'zod', adapter: 'zod', declared: z.object(manyKeys(2000, () => z.number())), record: z.record(z.string(), z.number()), list: z.array(z.number()) },
  { name: 'Standard Schema (valibot)', adapter: 'standard-schema', declared: v.record(v.string(), v.number()), record: v.record(v.string(), v.number()), list: v.array(v.number()) },
  { name: 'Standard Schema (zod)', adapter: 'standard-schema', declared: z.object(manyKeys(2000, () => z.number())), record: z.record(z.string(), z.number()), list: z.array(z.number()) }
]
for (const library of adapters) {
  if (!adapterBuilt(library.adapter)) {
    pending.push(library.adapter)
    continue
  }
  const { validatorCompiler } = await import(`@enclave/${library.adapter}`)
  const coerce = validatorCompiler({ schema: library.declared, ...query })
  const refuse = validatorCompiler({ schema: library.record, ...query })
  const list = validatorCompiler({ schema: library.list, ...body })
  if (coerce({ ...numbers }).value?.k1999 !== 1999) throw new Error(`${library.name} does not coerce the query`)
  cases.push(
    { name: `${library.name}: 2,000 query values to coerce`, fn: () => coerce({ ...numbers }) },
    { name: `${library.name}: 2,000 invalid query values`, fn: () => refuse({ ...words }) },
    { name: `${library.name}: 200,000 invalid body items`, fn: () => list(items) }
  )
}

const results = compare(cases, parseMicroArgs(process.argv))
for (const result of results) console.log(`${result.name.padEnd(62)} ${Math.round(result.opsPerSec).toString().padStart(9)} ops/s`)
console.log('RESULT ' + JSON.stringify({ results, pendingAdapters: pending }))
