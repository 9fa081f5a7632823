import t, { type Test } from 'tap'
import enclave, { type EnclaveInstance } from '@enclave/core'
import ajvMergePatch from 'ajv-merge-patch'
import errorMessage from '@enclave/error-message'
import { createValidatorCompilerFactory } from '@enclave/ajv'
import { post } from './helpers/post.js'

const base = {
  $id: 'base',
  type: 'object',
  properties: { q: { type: 'string' }, page: { type: 'integer', minimum: 1 } }
}

function appWithMergePatch (t: Test): { app: EnclaveInstance } {
  const app = enclave({ ajv: { plugins: [ajvMergePatch] } })
  t.teardown(() => app.close())
  app.addSchema(base)
  return { app }
}

t.test('$merge: a shared schema as source, a JSON Merge Patch as with', async (t) => {
  const { app } = appWithMergePatch(t)
  app.post('/', {
    schema: { body: { $merge: { source: { $ref: 'base#' }, with: { required: ['q'], properties: { page: { maximum: 10 } } } } } }
  }, (request) => request.body)

  t.same((await post(app, '/', { q: 'x', page: '3' })).body, { q: 'x', page: 3 }, 'valid and coerced')
  t.equal((await post(app, '/', {})).message, "body should have required property 'q', body should pass \"$merge\" keyword validation")
  t.equal((await post(app, '/', { q: 'x', page: 11 })).message, 'body/page should be <= 10, body should pass "$merge" keyword validation')
  t.equal((await post(app, '/', { q: 'x', page: 0 })).statusCode, 400, "the source's own constraints are kept")
})

t.test('$patch: a shared schema as source, JSON Patch operations as with', async (t) => {
  const { app } = appWithMergePatch(t)
  app.post('/', {
    schema: {
      body: {
        $patch: {
          source: { $ref: 'base#' },
          with: [
            { op: 'replace', path: '/properties/q', value: { type: 'number' } },
            { op: 'add', path: '/required', value: ['q'] }
          ]
        }
      }
    }
  }, (request) => request.body)

  t.same((await post(app, '/', { q: '12' })).body, { q: 12 })
  t.equal((await post(app, '/', { q: 'abc' })).message, 'body/q should be number, body should pass "$patch" keyword validation')
  t.equal((await post(app, '/', {})).statusCode, 400)
})

t.test('$merge in a querystring schema (not expanded as a shorthand)', async (t) => {
  const { app } = appWithMergePatch(t)
  app.get('/', {
    schema: { querystring: { $merge: { source: { $ref: 'base#' }, with: { required: ['page'] } } } }
  }, (request) => request.query)
  t.same((await app.inject('/?q=a&page=2')).json(), { q: 'a', page: 2 })
  t.equal((await app.inject('/?q=a')).statusCode, 400)
})

t.test('$merge and errorMessage together in a context with the error-message plugin', async (t) => {
  const { app } = appWithMergePatch(t)
  app.register(async function child (child: EnclaveInstance) {
    await child.register(errorMessage)
    child.post('/', {
      schema: {
        body: {
          $merge: {
            source: { $ref: 'base#' },
            with: { required: ['q'], errorMessage: { required: { q: 'a search needs q' } } }
          }
        }
      }
    }, (request) => request.body)
  })
  t.equal((await post(app, '/', {})).message, 'body a search needs q, body should pass "$merge" keyword validation')
  t.same((await post(app, '/', { q: 'x' })).body, { q: 'x' })
})

t.test('without the plugin in ajv.plugins, $merge is an unknown keyword', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema(base)
  app.post('/', { schema: { body: { $merge: { source: { $ref: 'base#' }, with: {} } } } }, () => 'ok')
  await t.rejects(app.ready(), { message: /unknown keyword: "\$merge"/ })
})

t.test('in one context only: through the error-message plugins option', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema(base)
  app.register(async function scoped (scoped: EnclaveInstance) {
    await scoped.register(errorMessage, { plugins: [ajvMergePatch] })
    scoped.post('/scoped', { schema: { body: { $merge: { source: { $ref: 'base#' }, with: { required: ['q'] } } } } }, (request) => request.body)
  })
  t.equal((await post(app, '/scoped', {})).message, "body should have required property 'q', body should pass \"$merge\" keyword validation")
  t.same((await post(app, '/scoped', { q: 'x' })).body, { q: 'x' })
})

t.test('in one context only: a compiler built with @enclave/ajv, reading the context schemas', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema(base)
  const withMergePatch = createValidatorCompilerFactory({ plugins: [ajvMergePatch] })
  app.register(async function reports (reports: EnclaveInstance) {
    reports.setValidatorCompiler((input) => withMergePatch(reports.getSchemas())(input))
    reports.addSchema({ $id: 'extra', type: 'object', properties: { from: { type: 'string', format: 'date' } } })
    reports.post('/reports', {
      schema: { body: { $merge: { source: { $ref: 'base#' }, with: { required: ['q'], properties: { range: { $ref: 'extra#' } } } } } }
    }, (request) => request.body)
  })
  app.post('/root', { schema: { body: { type: 'object', required: ['q'] } } }, () => 'ok')

  t.equal((await post(app, '/reports', { q: 'x', range: { from: 'yesterday' } })).message,
    'body/range/from should match format "date", body should pass "$merge" keyword validation')
  t.same((await post(app, '/reports', { q: 'x', range: { from: '2024-01-31' } })).body, { q: 'x', range: { from: '2024-01-31' } })
  t.equal((await post(app, '/root', {})).message, "body should have required property 'q'", 'the root keeps the default compiler')
})
