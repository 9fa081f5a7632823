// @fastify/swagger 8 (the Fastify 4 major), unmodified, on Enclave: the OpenAPI (and Swagger 2.0)
// document generated from every route's schema, found through onRoute hooks with their full URL
// and prefix, shared schemas (addSchema in any context) as components, hidden routes, transform,
// YAML, and the static mode.
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance } from '@enclave/core'
import swagger from '@fastify/swagger'

type SwaggerFn = (options?: { yaml?: boolean }) => any

/** The document as clients receive it: JSON, without the resolver's symbol markers. */
function documentOf (app: EnclaveInstance): any {
  return JSON.parse(JSON.stringify((app as unknown as { swagger: SwaggerFn }).swagger()))
}

function yamlOf (app: EnclaveInstance): string {
  return (app as unknown as { swagger: SwaggerFn }).swagger({ yaml: true })
}

const bookSchema = {
  $id: 'Book',
  type: 'object',
  required: ['id', 'title'],
  properties: { id: { type: 'integer' }, title: { type: 'string' } }
}

/** The README's kind of app: shared schemas, every request part, several methods, a prefixed plugin. */
function declareLibrary (app: EnclaveInstance): void {
  app.addSchema(bookSchema)
  app.get('/books/:id', {
    schema: {
      tags: ['books'],
      summary: 'Read one book',
      params: { type: 'object', properties: { id: { type: 'integer', description: 'book id' } }, required: ['id'] },
      querystring: { type: 'object', properties: { fields: { type: 'string' } } },
      headers: { type: 'object', properties: { 'x-tenant': { type: 'string' } }, required: ['x-tenant'] },
      response: {
        200: { $ref: 'Book#' },
        404: { type: 'object', properties: { message: { type: 'string' } } }
      }
    }
  }, async function readBook (request) {
    return { id: (request.params as { id: number }).id, title: 'Dune' }
  })
  app.post('/books', {
    schema: { tags: ['books'], body: { $ref: 'Book#' }, response: { 201: { description: 'Created', $ref: 'Book#' } } }
  }, async function createBook (request, reply) {
    return reply.code(201).send(request.body)
  })
  app.delete('/books/:id', {
    schema: { tags: ['books'], params: { type: 'object', properties: { id: { type: 'integer' } } }, response: { 204: { type: 'null', description: 'Deleted' } } }
  }, async function deleteBook (_request, reply) {
    return reply.code(204).send()
  })
  app.get('/internal', { schema: { hide: true } }, async function internal () { return 'hidden' })
  app.get('/plain', async function plain () { return 'plain' })
  app.register(async function v2 (child) {
    child.addSchema({ $id: 'Author', type: 'object', properties: { name: { type: 'string' } } })
    child.get('/authors', {
      schema: { tags: ['authors'], response: { 200: { type: 'array', items: { $ref: 'Author#' } } } }
    }, async function authors () { return [{ name: 'Herbert' }] })
  }, { prefix: '/v2' })
}

function jsonResponse (schema: unknown, description = 'Default Response') {
  return { description, content: { 'application/json': { schema } } }
}

t.test('the OpenAPI document lists every route with its parameters, bodies, responses and shared schemas', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, {
    openapi: { info: { title: 'Library', version: '2.1.0' }, servers: [{ url: 'http://localhost:3000' }], tags: [{ name: 'books' }] }
  })
  declareLibrary(app)
  await app.ready()

  t.same(documentOf(app), {
    openapi: '3.0.3',
    info: { title: 'Library', version: '2.1.0' },
    components: {
      schemas: {
        'def-0': { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' } }, title: 'Book' },
        'def-1': { type: 'object', properties: { name: { type: 'string' } }, title: 'Author' }
      }
    },
    paths: {
      '/books/{id}': {
        get: {
          summary: 'Read one book',
          tags: ['books'],
          parameters: [
            { schema: { type: 'string' }, in: 'query', name: 'fields', required: false },
            { schema: { type: 'integer' }, in: 'path', name: 'id', required: true, description: 'book id' },
            { schema: { type: 'string' }, in: 'header', name: 'x-tenant', required: true }
          ],
          responses: {
            200: jsonResponse({ $ref: '#/components/schemas/def-0' }),
            404: jsonResponse({ type: 'object', properties: { message: { type: 'string' } } })
          }
        },
        delete: {
          tags: ['books'],
          parameters: [{ schema: { type: 'integer' }, in: 'path', name: 'id', required: true }],
          responses: { 204: { description: 'Deleted' } }
        }
      },
      '/books': {
        post: {
          tags: ['books'],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/def-0' } } } },
          responses: { 201: jsonResponse({ description: 'Created', $ref: '#/components/schemas/def-0' }, 'Created') }
        }
      },
      '/plain': { get: { responses: { 200: { description: 'Default Response' } } } },
      '/v2/authors': {
        get: {
          tags: ['authors'],
          responses: { 200: jsonResponse({ type: 'array', items: { $ref: '#/components/schemas/def-1' } }) }
        }
      }
    },
    servers: [{ url: 'http://localhost:3000' }],
    tags: [{ name: 'books' }]
  })
})

t.test('the routes still validate and serialize with the schemas the document shows', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { openapi: { info: { title: 'Library', version: '2.1.0' } } })
  declareLibrary(app)

  const found = await app.inject({ url: '/books/7', headers: { 'x-tenant': 'acme' } })
  t.same(found.json(), { id: 7, title: 'Dune' })
  t.equal((await app.inject('/books/7')).statusCode, 400, 'the required header is enforced')
  t.equal((await app.inject({ url: '/books/seven', headers: { 'x-tenant': 'acme' } })).statusCode, 400)
  const created = await app.inject({ method: 'POST', url: '/books', payload: { id: 1, title: 'Emma', extra: 'dropped' } })
  t.equal(created.statusCode, 201)
  t.same(created.json(), { id: 1, title: 'Emma' })
  t.same((await app.inject('/v2/authors')).json(), [{ name: 'Herbert' }])
})

t.test('the same routes as a Swagger 2.0 document, and as YAML', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { swagger: { info: { title: 'Library', version: '1.0.0' }, consumes: ['application/json'], produces: ['application/json'] } })
  declareLibrary(app)
  await app.ready()

  const document = documentOf(app)
  t.equal(document.swagger, '2.0')
  t.same(Object.keys(document.paths).sort(), ['/books', '/books/{id}', '/plain', '/v2/authors'])
  t.same(document.definitions['def-0'], { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' } }, title: 'Book' })
  t.same(document.paths['/books'].post.parameters, [{ name: 'body', in: 'body', schema: { $ref: '#/definitions/def-0' } }])
  t.same(document.paths['/books/{id}'].get.responses[200], { description: 'Default Response', schema: { $ref: '#/definitions/def-0' } })

  const yaml = yamlOf(app)
  t.match(yaml, /^swagger: "2\.0"\n/)
  t.match(yaml, /\n {2}\/v2\/authors:\n/)
})

t.test('HEAD routes are left out unless exposeHeadRoutes is set; transform rewrites what is documented', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, {
    openapi: { info: { title: 'Heads', version: '1.0.0' } },
    exposeHeadRoutes: true,
    transform: function renameInternal ({ schema, url }: { schema: any, url: string }) {
      return { schema: { ...schema, description: `documented ${url}` }, url: url.replace('/private', '/public') }
    }
  })
  app.register(async function privateApi (child) {
    child.get('/status', { schema: { response: { 200: { type: 'string' } } } }, async function status () { return 'up' })
  }, { prefix: '/private' })
  await app.ready()

  const paths = documentOf(app).paths
  t.same(Object.keys(paths), ['/public/status'])
  t.same(Object.keys(paths['/public/status']).sort(), ['get', 'head'])
  t.equal(paths['/public/status'].get.description, 'documented /private/status', 'transform saw the full URL with its prefix')
  t.equal((await app.inject('/private/status')).body, 'up', 'the route itself is unchanged')
})

t.test('hideUntagged leaves out routes without tags; the X-HIDDEN tag hides a route', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { openapi: { info: { title: 'Tags', version: '1.0.0' } }, hideUntagged: true })
  app.get('/tagged', { schema: { tags: ['public'] } }, async function tagged () { return 'tagged' })
  app.get('/untagged', { schema: {} }, async function untagged () { return 'untagged' })
  app.get('/secret', { schema: { tags: ['X-HIDDEN'] } }, async function secret () { return 'secret' })
  await app.ready()

  t.same(Object.keys(documentOf(app).paths), ['/tagged'])
})

t.test('asking for the document before ready() is an error', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(swagger, { openapi: {} })
  app.get('/', async function home () { return 'home' })
  await app.after()
  t.throws(() => documentOf(app), /must be called after \.ready\(\)/)
})

t.test('static mode serves a document given up front', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const document = { openapi: '3.0.0', info: { title: 'Static', version: '0.0.1' }, paths: { '/hand-written': { get: { responses: { 200: { description: 'ok' } } } } } }
  await app.register(swagger, { mode: 'static', specification: { document } })
  app.get('/not-documented', async function notDocumented () { return 'x' })
  await app.ready()

  t.same(documentOf(app), document)
  t.match(yamlOf(app), /title: Static/)
})
