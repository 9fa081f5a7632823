import t from 'tap'
import { z } from 'zod'
import { createValidatorCompiler as createAjvCompiler } from '@enclave/ajv'
import { validatorCompiler } from '@enclave/zod'
import { entries } from '../../kit/test/conformance/entries.js'
import { budgetFrom, leastCpuMs, manyKeys, overSocket } from '../../kit/test/fixtures/over-socket.js'

const ajv = createAjvCompiler()
const query = { method: 'GET', url: '/', httpPart: 'querystring' } as const
const body = { method: 'POST', url: '/', httpPart: 'body' } as const

t.test('2,000 query values to coerce or refuse, and 50,000 invalid body items, cost a small multiple of Ajv', async (t) => {
  const numbers = manyKeys(2000, (i) => String(i))
  const words = manyKeys(2000, (i) => 'x' + String(i))
  const items = new Array<string>(50_000).fill('x')
  const declared = z.object(manyKeys(2000, () => z.number()))
  // Ajv's code for 2,000 declared properties outgrows the stack: its record form does the same work.
  const jsonDeclared = { type: 'object', additionalProperties: { type: 'number' } }
  const zodQuery = validatorCompiler({ schema: declared, ...query })
  const zodBody = validatorCompiler({ schema: z.array(z.number()), ...body })
  const ajvQuery = ajv({ schema: jsonDeclared, ...query })
  const ajvBody = ajv({ schema: { type: 'array', items: { type: 'number' } }, ...body })
  t.equal((zodQuery(numbers) as { value: Record<string, unknown> }).value.k1999, 1999, 'every value is converted')

  const ajvNumbersMs = leastCpuMs(() => ajvQuery(structuredClone(numbers)))
  const ajvWordsMs = leastCpuMs(() => ajvQuery(structuredClone(words)))
  const ajvBodyMs = leastCpuMs(() => ajvBody(items))
  const numbersMs = leastCpuMs(() => zodQuery(numbers))
  const wordsMs = leastCpuMs(() => zodQuery(words))
  const bodyMs = leastCpuMs(() => zodBody(items))
  t.ok(numbersMs <= budgetFrom(ajvNumbersMs), `coercion: zod ${numbersMs.toFixed(1)} ms, Ajv ${ajvNumbersMs.toFixed(1)} ms`)
  t.ok(wordsMs <= budgetFrom(ajvWordsMs), `invalid query: zod ${wordsMs.toFixed(1)} ms, Ajv ${ajvWordsMs.toFixed(1)} ms`)
  t.ok(bodyMs <= budgetFrom(ajvBodyMs), `invalid body: zod ${bodyMs.toFixed(1)} ms, Ajv ${ajvBodyMs.toFixed(1)} ms`)
})

for (const entry of entries) {
  t.test(`${entry.name}: an 800 KB invalid body answers a small 400 naming the first issue`, async (t) => {
    const app = entry.create()
    app.setValidatorCompiler(validatorCompiler)
    app.post('/items', { schema: { body: z.array(z.number()) } }, async () => 'accepted')
    app.post('/names', { schema: { body: z.record(z.string(), z.number()) } }, async () => 'accepted')
    const send = await overSocket(t, app)
    const items = await send('POST', '/items', JSON.stringify(new Array(200_000).fill('x')))
    t.equal(items.statusCode, 400)
    t.equal(items.body, entry.badRequestBody(entry.say('body/0 should be number')))
    // Zod reads every key of a record; what is reported stays bounded all the same.
    const names = await send('POST', '/names', JSON.stringify(manyKeys(50_000, () => 'x')))
    t.equal(names.statusCode, 400)
    t.ok(names.body.length < 20_000, `400 body of ${names.body.length} bytes`)
    t.match(JSON.parse(names.body).message, new RegExp('^' + entry.say('body/k0 should be number, ')))
    const key = 'k'.repeat(300_000)
    const longKey = await send('POST', '/names', JSON.stringify({ [key]: 'x' }))
    t.equal(longKey.statusCode, 400)
    t.ok(longKey.body.length < 2000, `a 300 KB key gives a 400 body of ${longKey.body.length} bytes`)
  })
}
