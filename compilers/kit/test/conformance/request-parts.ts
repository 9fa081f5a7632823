import type { Test } from 'tap'
import type { EnclaveInstance } from '@enclave/core'
import type { ConformanceAdapter } from './adapter.js'
import type { Entry } from './entries.js'

interface Sent { method?: 'GET' | 'POST', url: string, headers?: Record<string, string>, payload?: unknown }

/** POST /items/:id with a schema for each of the four parts, echoing what the handler receives. */
export function buildPartsApp (t: Test, adapter: ConformanceAdapter, entry: Entry, options?: object): EnclaveInstance {
  const app = entry.create(options)
  t.teardown(() => app.close())
  app.setValidatorCompiler(adapter.validatorCompiler)
  const { params, querystring, headers, body } = adapter.schemas
  app.post('/items/:id', { schema: { params, querystring, headers, body } }, async function echo (request) {
    return {
      params: request.params,
      query: request.query,
      body: request.body,
      count: request.headers['x-count'],
      // An undeclared header, which every adapter must leave in place.
      other: request.headers['x-other']
    }
  })
  return app
}

const validHeaders = { 'x-count': '3' }
const valid: Sent = { method: 'POST', url: '/items/7', headers: validHeaders, payload: { name: 'x' } }

/** Sends a request and checks it failed validation with exactly this entry's 400 payload. */
export async function expectBadRequest (t: Test, app: EnclaveInstance, entry: Entry, sent: Sent, message: string): Promise<void> {
  const response = await app.inject({ method: sent.method ?? 'GET', url: sent.url, headers: sent.headers, payload: sent.payload as string })
  t.equal(response.statusCode, 400, `${sent.url} answers 400`)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(response.body, entry.badRequestBody(entry.say(message)))
}

export function requestParts (t: Test, adapter: ConformanceAdapter, entry: Entry): void {
  const { messages } = adapter

  t.test('valid body, querystring, params and headers reach the handler converted; undeclared headers stay', async (t) => {
    const app = buildPartsApp(t, adapter, entry)
    const response = await app.inject({
      method: 'POST',
      url: '/items/7?n=5&flag=true',
      headers: { 'x-count': '3', 'x-other': 'kept' },
      payload: { name: 'x', age: 30 }
    })
    t.equal(response.statusCode, 200)
    t.strictSame(response.json(), { params: { id: 7 }, query: { n: 5, flag: true }, body: { name: 'x', age: 30 }, count: 3, other: 'kept' })
    const no = await app.inject({ method: 'POST', url: '/items/7?n=1.5&flag=false', headers: validHeaders, payload: { name: 'x' } })
    t.strictSame(no.json().query, { n: 1.5, flag: false }, '"false" is false')
    const defaulted = await app.inject({ method: 'POST', url: '/items/7?n=5', headers: validHeaders, payload: { name: 'x' } })
    t.strictSame(defaulted.json().query, { n: 5, flag: false }, 'a default fills what the request left out')
  })

  t.test('each part that fails answers the exact 400 payload, named by its part', async (t) => {
    const app = buildPartsApp(t, adapter, entry)
    await expectBadRequest(t, app, entry, { ...valid, payload: { age: 1 } }, messages.missingName)
    await expectBadRequest(t, app, entry, { ...valid, payload: { name: 'x', age: 'old' } }, messages.ageType)
    await expectBadRequest(t, app, entry, { ...valid, payload: { name: 'x', age: 1.5 } }, messages.ageFraction)
    await expectBadRequest(t, app, entry, { ...valid, payload: { name: 'x', tags: ['ok', {}] } }, messages.tagItem)
    await expectBadRequest(t, app, entry, { ...valid, url: '/items/7?n=five' }, messages.nType)
    await expectBadRequest(t, app, entry, { ...valid, url: '/items/0' }, messages.idMin)
    await expectBadRequest(t, app, entry, { ...valid, url: '/items/x' }, messages.idType)
    await expectBadRequest(t, app, entry, { ...valid, headers: {} }, messages.countMissing)
    await expectBadRequest(t, app, entry, { ...valid, headers: { 'x-count': 'many' } }, messages.countType)
  })

  t.test('parts are validated in the order params, body, querystring, headers: the first failure answers', async (t) => {
    const app = buildPartsApp(t, adapter, entry)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/items/x?n=five', payload: { age: 'old' } }, messages.idType)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/items/7?n=five', payload: { age: 1 } }, messages.missingName)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/items/7?n=five', payload: { name: 'x' } }, messages.nType)
  })

  t.test('a body that is null, absent or not an object is reported at the part itself', async (t) => {
    const app = buildPartsApp(t, adapter, entry)
    const json = { ...validHeaders, 'content-type': 'application/json' }
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/items/7', headers: json, payload: 'null' }, messages.bodyNotObject)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/items/7', headers: validHeaders }, messages.bodyNotObject)
    await expectBadRequest(t, app, entry, { method: 'POST', url: '/items/7', headers: json, payload: '[1,2]' }, messages.bodyArray)
  })

  t.test(adapter.coercesBody ? 'a JSON body is converted ("41" becomes 41)' : 'a JSON body is not converted ("41" stays a string and fails)', async (t) => {
    const app = buildPartsApp(t, adapter, entry)
    const response = await app.inject({ ...valid, method: 'POST', payload: { name: 'x', age: '41' } })
    if (adapter.coercesBody) {
      t.equal(response.statusCode, 200)
      t.strictSame(response.json().body, { name: 'x', age: 41 })
    } else {
      t.equal(response.statusCode, 400)
      t.match(response.json().message, /^body\/age /)
    }
  })

  t.test(`an undeclared body key is ${adapter.unknownKeys}, as the library does by default`, async (t) => {
    const app = buildPartsApp(t, adapter, entry)
    const sent = { ...valid, payload: { name: 'x', extra: 1 } }
    if (adapter.unknownKeys === 'refused') {
      await expectBadRequest(t, app, entry, sent, messages.unknownKey ?? 'unknownKey is missing from the adapter description')
      return
    }
    const response = await app.inject({ ...sent, method: 'POST' })
    t.equal(response.statusCode, 200)
    t.strictSame(response.json().body, adapter.unknownKeys === 'kept' ? { name: 'x', extra: 1 } : { name: 'x' })
  })
}
