// @fastify/swagger 9 and @fastify/swagger-ui 6 (the Fastify 5 majors) on fastify@5.12.8 and on
// @enclave/fastify: the OpenAPI document of an app (routes, params, bodies, responses, shared
// schemas, prefixes, hidden routes), YAML, and the UI with its assets served offline.
import t from 'tap'
import swagger from '@fastify5/swagger'
import swaggerUi from '@fastify5/swagger-ui'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(swagger, {
    openapi: { info: { title: 'Notes', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } }
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  app.addSchema({ $id: 'Note', type: 'object', properties: { id: { type: 'integer' }, text: { type: 'string' } }, required: ['id', 'text'] })
  await app.register(async (api: any) => {
    api.get('/notes/:id', {
      schema: {
        tags: ['notes'],
        summary: 'One note',
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: { type: 'object', properties: { full: { type: 'boolean' } } },
        response: { 200: { $ref: 'Note#' }, 404: { type: 'object', properties: { message: { type: 'string' } } } }
      }
    }, async (request: any) => ({ id: request.params.id, text: 'hi' }))
    api.post('/notes', {
      schema: { tags: ['notes'], security: [{ bearer: [] }], body: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, response: { 201: { $ref: 'Note#' } } }
    }, async (_request: any, reply: any) => { reply.code(201); return { id: 1, text: 'x' } })
    api.get('/hidden', { schema: { hide: true } }, async () => 'hidden')
  }, { prefix: '/api' })
  await app.register(async (v2: any) => {
    // Answers on '/v2' and '/v2/': the plugin keeps the options object its onRoute hook saw, which
    // Fastify leaves naming the second path.
    v2.get('/', { schema: { summary: 'Index' } }, async () => 'index')
  }, { prefix: '/v2' })
  return app
}, async (t, app) => {
  t.test("a '/' route under a prefix is documented under the prefix with its slash", async (t) => {
    const doc = app.swagger()
    t.equal(doc.paths['/v2/'].get.summary, 'Index')
    t.notOk('/v2' in doc.paths)
  })

  t.test('the document lists the routes with their schemas and components', async (t) => {
    const doc = app.swagger()
    t.equal(doc.openapi, '3.0.3')
    t.same(doc.info, { title: 'Notes', version: '1.0.0' })
    t.same(Object.keys(doc.paths).sort(), ['/api/notes', '/api/notes/{id}', '/v2/'])
    const get = doc.paths['/api/notes/{id}'].get
    t.equal(get.summary, 'One note')
    t.same(get.tags, ['notes'])
    t.same(get.parameters, [
      { schema: { type: 'boolean' }, in: 'query', name: 'full', required: false },
      { schema: { type: 'integer' }, in: 'path', name: 'id', required: true }
    ])
    t.same(get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/def-0' })
    t.same(get.responses['404'].content['application/json'].schema, { type: 'object', properties: { message: { type: 'string' } } })
    t.same(doc.components.schemas['def-0'], { type: 'object', properties: { id: { type: 'integer' }, text: { type: 'string' } }, required: ['id', 'text'], title: 'Note' })
    const post = doc.paths['/api/notes'].post
    t.same(post.security, [{ bearer: [] }])
    t.same(post.requestBody, { content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } }, required: true })
    t.same(Object.keys(post.responses), ['201'])
  })

  t.test('the UI serves the document as JSON and YAML', async (t) => {
    const json = await app.inject('/docs/json')
    t.equal(json.statusCode, 200)
    t.same(json.json(), app.swagger())
    const yaml = await app.inject('/docs/yaml')
    t.equal(yaml.headers['content-type'], 'application/x-yaml')
    t.equal(yaml.body, app.swagger({ yaml: true }))
    t.match(yaml.body, /openapi: 3\.0\.3/)
  })

  t.test('the UI page and its bundled assets are served from the package', async (t) => {
    const page = await app.inject('/docs')
    t.equal(page.statusCode, 200)
    t.match(page.headers['content-type'], /text\/html/)
    t.match(page.body, /swagger-ui/)
    const bundle = await app.inject('/docs/static/swagger-ui-bundle.js')
    t.equal(bundle.statusCode, 200)
    t.match(bundle.headers['content-type'], /javascript/)
    t.ok(bundle.body.length > 100_000)
    const init = await app.inject('/docs/static/swagger-initializer.js')
    t.equal(init.statusCode, 200)
    t.match(init.body, /SwaggerUIBundle/)
  })
})
