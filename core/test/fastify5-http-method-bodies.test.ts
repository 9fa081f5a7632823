import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { failureOf } from './fixtures/failures.js'

const bodySchema = { body: { type: 'object' } }

/** For each method, whether a route of it may declare a body schema (the error code when not). */
function bodySchemaAnswers (factory: Factory, methods: string[], setUp?: (app: any) => void): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const method of methods) {
    const app = factory({ exposeHeadRoutes: false })
    setUp?.(app)
    answers[method] = failureOf(() => app.route({ method, url: '/', schema: bodySchema, handler: async () => 'x' }))?.code ?? 'accepted'
  }
  return answers
}

const defaults = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST']
const refused = 'FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED'

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a body schema is refused for a method without a body (TRACE, an added one), accepted once addHttpMethod gives it one`, async (t) => {
    t.same(bodySchemaAnswers(factory, defaults), { GET: refused, HEAD: refused, TRACE: refused, DELETE: 'accepted', OPTIONS: 'accepted', PATCH: 'accepted', PUT: 'accepted', POST: 'accepted' })
    t.same(bodySchemaAnswers(factory, ['REBIND'], (app) => app.addHttpMethod('REBIND')), { REBIND: refused })
    t.same(bodySchemaAnswers(factory, ['DELETE'], (app) => app.addHttpMethod('DELETE', { overrideExisting: true })), { DELETE: refused })

    const app = factory()
    app.addHttpMethod('GET', { hasBody: true, overrideExisting: true })
    app.route({ method: 'GET', url: '/', exposeHeadRoute: false, schema: bodySchema, handler: async (request: any) => request.body })
    // Its HEAD twin has no body.
    t.same(failureOf(() => app.route({ method: 'GET', url: '/twin', schema: bodySchema, handler: async () => 'x' })), {
      code: refused, name: 'FastifyError', message: 'Body validation schema for HEAD:/twin route is not supported!'
    })
    const res = await app.inject({ method: 'GET', url: '/', payload: { hello: 'world' } })
    t.same([res.statusCode, res.json()], [200, { hello: 'world' }])
    await app.close()
  })
}

for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory] as [string, Factory], ...enclaveFaces]) {
  test(`${name}: a body schema is refused for GET and HEAD only, as Fastify 4.29`, async (t) => {
    t.same(bodySchemaAnswers(factory, defaults), { GET: refused, HEAD: refused, TRACE: 'accepted', DELETE: 'accepted', OPTIONS: 'accepted', PATCH: 'accepted', PUT: 'accepted', POST: 'accepted' })
  })
}

for (const [name, factory] of [...fastify5Faces, enclaveFaces[0]!]) {
  test(`${name}: addHttpMethod adds the method's shorthand to that instance and the contexts made from it`, async (t) => {
    const app = factory()
    t.equal(app.rebind, undefined)
    app.addHttpMethod('REBIND')
    t.equal(typeof app.rebind, 'function')
    app.rebind('/foo', async () => 'hello')
    app.decorate('link', 1)
    app.addHttpMethod('LINK')
    t.equal(app.link, 1, 'a name already taken is left alone')
    let inChild: unknown
    app.register(async (child: any) => {
      child.addHttpMethod('BIND')
      inChild = typeof child.bind
      child.register(async (grandchild: any) => { grandchild.rebind('/bar', async () => 'bar') })
    })
    await app.ready()
    t.equal(inChild, 'function')
    t.equal(app.bind, undefined, 'not on the parent')
    t.equal((await app.inject({ method: 'REBIND', url: '/foo' })).body, 'hello')
    t.equal((await app.inject({ method: 'REBIND', url: '/bar' })).body, 'bar')
    await app.close()
  })
}
