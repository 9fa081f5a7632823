// yup reads fields and casts values through plain objects, so a key named after an Object.prototype
// member (`toString`, `constructor`, `valueOf` …) makes it throw a TypeError. That is the input's
// doing: it must answer 400, never 5xx, on both entries, over a real socket.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import * as yup from 'yup'
import { validatorCompiler } from '@enclave/yup'
import { enclaveFaces } from '../../../core/test/fixtures/faces.js'

const body = yup.object({ name: yup.string(), age: yup.number(), constructor: yup.string() })
const query = yup.object({ n: yup.number() })
const outage = new Error('database down')
const checked = yup.object({ id: yup.string().test('exists', 'unknown', () => { throw outage }) })

for (const [face, create] of enclaveFaces) {
  t.test(`on ${face}`, async (t) => {
    const app = create({ logger: false })
    app.setValidatorCompiler(validatorCompiler)
    app.post('/users', { schema: { body, querystring: query } }, async (request: any) => ({ body: request.body, query: request.query }))
    app.post('/checked', { schema: { body: checked } }, async () => 'never')
    await app.listen({ port: 0, host: '127.0.0.1' })
    t.teardown(() => app.close())
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    async function post (path: string, payload: string) {
      const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
      const json = await response.json() as any
      // enclave() writes Ajv's "must" as "should", @enclave/fastify keeps it (as Fastify 4).
      return { status: response.status, json: response.status === 400 ? { message: String(json.message).replace(' must NOT ', ' should NOT ') } : json }
    }

    for (const key of ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__lookupGetter__']) {
      const inBody = await post('/users', JSON.stringify({ name: 'Ada', [key]: 1 }))
      t.strictSame(inBody, { status: 400, json: { message: `body should NOT have a property named '${key}'` } }, `an undeclared body key ${key}: 400`)
      const inQuery = await post(`/users?${key}=1`, '{}')
      t.strictSame(inQuery, { status: 400, json: { message: `querystring should NOT have a property named '${key}'` } }, `a query key ${key}: 400`)
    }
    const inValue = await post('/users', JSON.stringify({ age: { valueOf: 1, toString: 1 } }))
    t.strictSame(inValue, { status: 400, json: { message: "body/age should NOT have a property named 'valueOf'" } },
      'a value whose own valueOf/toString yup would call while casting: 400 at that value')

    const declared = await post('/users', JSON.stringify({ name: 'Ada', constructor: 'Babbage' }))
    t.strictSame(declared, { status: 200, json: { body: { name: 'Ada', constructor: 'Babbage' }, query: {} } },
      'a field the schema declares under such a name is validated as any other')

    const thrown = await post('/checked', JSON.stringify({ id: 'a', extra: { toString: 1 } }))
    t.equal(thrown.status, 500, 'an error a test throws is not turned into a 400, even with such a key in the input')
  })
}
