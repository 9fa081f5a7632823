// A 400 stays small whatever the input: yup stops at the first failure by default, and when told to
// collect them all (abortEarly: false) the adapter reports the first 20, each message and pointer
// cut to 1000 characters. Over a real socket, on both entries.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import * as yup from 'yup'
import { createValidatorCompiler, validatorCompiler } from '@enclave/yup'
import { enclaveFaces } from '../../../core/test/fixtures/faces.js'

const numbers = yup.array(yup.number())
const closed = yup.object({ name: yup.string() }).noUnknown().strict()
const items = (count: number, item: unknown) => JSON.stringify(Array.from({ length: count }, () => item))

function cpuMs (since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

for (const [face, create] of enclaveFaces) {
  t.test(`on ${face}`, async (t) => {
    const app = create({ logger: false, bodyLimit: 2 * 1024 * 1024 })
    app.post('/numbers', { validatorCompiler, schema: { body: numbers } }, async () => 'accepted')
    app.post('/all/numbers', { validatorCompiler: createValidatorCompiler({ abortEarly: false }), schema: { body: numbers } }, async () => 'never')
    app.post('/closed', { validatorCompiler, schema: { body: closed } }, async () => 'never')
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.teardown(() => app.close())
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    async function post (path: string, payload: string) {
      const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
      const text = await response.text()
      // enclave() writes a leading "must" as "should", @enclave/fastify keeps it (as Fastify 4).
      const message = response.status === 400 ? String((JSON.parse(text) as { message: unknown }).message).replaceAll(' must ', ' should ') : text
      return { status: response.status, size: Buffer.byteLength(text), message }
    }

    t.test('an 800 KB body of invalid items answers the first failure in a small 400, for no more CPU than a valid body', async (t) => {
      await post('/numbers', items(10, 'x')) // warm-up: what is measured is the input's cost
      // yup casts and visits every item before it reports (about 4 µs each), valid or not: the
      // bound is that failing costs no more than passing, not a fixed time.
      let start = process.cpuUsage()
      t.equal((await post('/numbers', items(200_000, 1))).status, 200)
      const valid = cpuMs(start)
      const body = items(200_000, 'x')
      t.ok(body.length >= 800_000)
      start = process.cpuUsage()
      const answer = await post('/numbers', body)
      const invalid = cpuMs(start)
      t.equal(answer.status, 400)
      t.equal(answer.message, 'body/0 should be number', 'the first failure, worded as for a small body')
      t.ok(answer.size < 1024, `a small 400 (${answer.size} bytes)`)
      t.ok(invalid < 3 * valid + 300, `CPU: ${invalid.toFixed(0)} ms invalid, ${valid.toFixed(0)} ms valid`)
    })

    t.test('with abortEarly: false the 400 reports the first 20 failures and stays small', async (t) => {
      const answer = await post('/all/numbers', items(20_000, 'x'))
      t.equal(answer.status, 400)
      const failures = answer.message.split(', ')
      t.equal(failures.length, 20, 'the first 20 failures')
      t.equal(failures[0], 'body/0 should be number')
      t.equal(failures[19], 'body/19 should be number')
      t.ok(answer.size < 2048, `a small 400 (${answer.size} bytes)`)
    })

    t.test('a failure listing huge or many keys is cut to 1000 characters', async (t) => {
      const huge = await post('/closed', JSON.stringify({ ['k'.repeat(300_000)]: 1 }))
      t.equal(huge.status, 400)
      t.equal(huge.message, 'body field has unspecified keys: ' + 'k'.repeat(1000 - 'field has unspecified keys: '.length - 1) + '…')
      const many = await post('/closed', JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => ['key' + i, i]))))
      t.equal(many.status, 400)
      t.ok(many.message.startsWith('body field has unspecified keys: key0, key1, '), many.message.slice(0, 60))
      t.ok(huge.size < 2048 && many.size < 2048, `small 400s (${huge.size}, ${many.size} bytes)`)
    })
  })
}
