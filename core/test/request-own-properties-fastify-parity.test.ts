import t from 'tap'
import { faces, type Factory } from './fixtures/faces.js'

// What a request holds itself and how `request.headers` behaves, run on fastify@4.29.1 and both
// Enclave entries: Object.keys and a spread see the same members in the same order, headers
// are an accessor over the raw headers, and what is assigned to them is merged over the raw ones.

t.test('a request\'s own keys are Fastify 4.29\'s, in its order; headers are an accessor, not an own property', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory()
    app.get('/', (request: any) => ({
      keys: Object.keys(request),
      ownHeaders: Object.hasOwn(request, 'headers'),
      headersAreRaw: request.headers === request.raw.headers,
      spread: Object.keys({ ...request })
    }))
    const response = await app.inject('/')
    await app.close()
    return response.json()
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected, { keys: ['id', 'params', 'raw', 'query', 'log', 'body'], ownHeaders: false, headersAreRaw: true, spread: ['id', 'params', 'raw', 'query', 'log', 'body'] }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('assigning request.headers merges the value over the raw headers at each read, kept as additionalHeaders, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory()
    app.get('/', (request: any) => {
      request.headers = { added: 'yes', host: 'replaced' }
      const first = request.headers
      return {
        headers: first,
        newObjectEachRead: first !== request.headers,
        raw: request.raw.headers,
        additional: request.additionalHeaders,
        keys: Object.keys(request)
      }
    })
    app.get('/cleared', (request: any) => {
      request.headers = { added: 'yes' }
      request.headers = null
      return { headersAreRaw: request.headers === request.raw.headers }
    })
    const assigned = await app.inject({ url: '/', headers: { 'x-a': '1' } })
    const cleared = await app.inject('/cleared')
    await app.close()
    return { assigned: assigned.json(), cleared: cleared.json() }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, {
    assigned: { headers: { 'x-a': '1', host: 'replaced', added: 'yes' }, newObjectEachRead: true, raw: { host: 'localhost:80' }, additional: { added: 'yes', host: 'replaced' } },
    cleared: { headersAreRaw: true }
  }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})

t.test('a headers validator\'s value is merged over the raw headers; schema coercion changes the raw headers in place, as in Fastify 4.29', async (t) => {
  const observe = async (factory: Factory): Promise<unknown> => {
    const app = factory()
    app.get('/value', {
      schema: { headers: { type: 'object' } },
      validatorCompiler: () => () => ({ value: { 'x-from-validator': 'v' } })
    }, (request: any) => ({ headers: request.headers, additional: request.additionalHeaders, keys: Object.keys(request) }))
    app.get('/coerced', { schema: { headers: { type: 'object', properties: { 'x-n': { type: 'integer' } } } } },
      (request: any) => ({ n: request.headers['x-n'], raw: request.raw.headers['x-n'], same: request.headers === request.raw.headers, keys: Object.keys(request) }))
    const value = await app.inject({ url: '/value', headers: { 'x-a': '1' } })
    const coerced = await app.inject({ url: '/coerced', headers: { 'x-n': '5' } })
    await app.close()
    return { value: value.json(), coerced: coerced.json() }
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.match(expected, {
    value: { headers: { 'x-a': '1', 'x-from-validator': 'v' }, additional: { 'x-from-validator': 'v' } },
    coerced: { n: 5, raw: 5, same: true }
  }, 'fastify@4.29.1')
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
