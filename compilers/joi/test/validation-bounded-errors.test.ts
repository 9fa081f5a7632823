// A 400 stays small and cheap whatever the input: Joi stops at the first failure by default, and
// when told to collect them all (abortEarly: false) the adapter reports the first 20, each message
// and pointer cut to 1000 characters. Over a real socket, on both entries.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import Joi from 'joi'
import { createValidatorCompiler, validatorCompiler } from '@enclave/joi'
import { enclaveFaces } from '../../../core/test/fixtures/faces.js'

const numbers = Joi.array().items(Joi.number())
const strictObject = Joi.object({ name: Joi.string() })
const letters = Joi.object({ code: Joi.string().pattern(/^a+$/) })
const invalidItems = (count: number) => JSON.stringify(Array.from({ length: count }, () => 'x'))

for (const [face, create] of enclaveFaces) {
  t.test(`on ${face}`, async (t) => {
    const app = create({ logger: false, bodyLimit: 2 * 1024 * 1024 })
    app.post('/numbers', { validatorCompiler, schema: { body: numbers } }, async () => 'never')
    app.post('/all/numbers', { validatorCompiler: createValidatorCompiler({ abortEarly: false }), schema: { body: numbers } }, async () => 'never')
    app.post('/strict', { validatorCompiler, schema: { body: strictObject } }, async () => 'never')
    app.post('/letters', { validatorCompiler, schema: { body: letters } }, async () => 'never')
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.teardown(() => app.close())
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    async function post (path: string, payload: string) {
      const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
      const text = await response.text()
      // enclave() writes a leading "must" as "should", @enclave/fastify keeps it (as Fastify 4).
      const message = String((JSON.parse(text) as { message: unknown }).message).replaceAll(' must ', ' should ')
      return { status: response.status, size: Buffer.byteLength(text), message }
    }

    t.test('an 800 KB body of invalid items answers the first failure in a small 400, in bounded CPU', async (t) => {
      await post('/numbers', invalidItems(10)) // warm-up: what is measured is the input's cost
      const body = invalidItems(200_000)
      t.ok(body.length >= 800_000)
      const before = process.cpuUsage()
      const answer = await post('/numbers', body)
      const used = process.cpuUsage(before)
      t.equal(answer.status, 400)
      t.equal(answer.message, 'body/0 should be a number', 'the first failure, worded as for a small body')
      t.ok(answer.size < 1024, `a small 400 (${answer.size} bytes)`)
      const ms = (used.user + used.system) / 1000
      // collecting all 200,000 failures would take seconds; the bound leaves room for a loaded machine
      t.ok(ms < 1000, `CPU for the request: ${ms.toFixed(0)} ms (sending, parsing and validating 800 KB)`)
    })

    t.test('with abortEarly: false the 400 reports the first 20 failures and stays small', async (t) => {
      const answer = await post('/all/numbers', invalidItems(20_000))
      t.equal(answer.status, 400)
      const failures = answer.message.split(', ')
      t.equal(failures.length, 20, 'the first 20 failures')
      t.equal(failures[0], 'body/0 should be a number')
      t.equal(failures[19], 'body/19 should be a number')
      t.ok(answer.size < 2048, `a small 400 (${answer.size} bytes)`)
    })

    t.test('a failure quoting a huge key or value is cut to 1000 characters', async (t) => {
      const key = 'k'.repeat(300_000)
      const unknownKey = await post('/strict', JSON.stringify({ [key]: 1 }))
      t.equal(unknownKey.status, 400)
      t.equal(unknownKey.message, 'body/' + 'k'.repeat(998) + '… is not allowed', 'the pointer is cut to 1000 characters')
      t.ok(unknownKey.size < 2048, `a small 400 (${unknownKey.size} bytes)`)
      const value = await post('/letters', JSON.stringify({ code: 'b'.repeat(300_000) }))
      t.equal(value.status, 400)
      t.ok(value.message.startsWith('body/code with value "bbb'), value.message.slice(0, 40))
      t.ok(value.message.endsWith('b…'), 'the message quoting the value is cut')
      t.ok(value.size < 2048, `a small 400 (${value.size} bytes)`)
    })
  })
}
