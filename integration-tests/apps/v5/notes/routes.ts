// The notes routes: typed from their schemas, a hook of their own (encapsulated: it runs for these
// routes only), and an admin scope behind @fastify/jwt inside them.
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify5/type-provider-json-schema-to-ts'
import { failure, listQuery, newNote, note, noteParams } from './schemas.js'

const routes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-notes-total', String(app.notes.list(undefined, Number.MAX_SAFE_INTEGER).length))
    return payload
  })

  app.get('/', {
    schema: { querystring: listQuery, response: { 200: { type: 'array', items: note } } }
  }, async (request) => {
    const { tag, limit } = request.query
    return app.notes.list(tag, limit)
  })

  app.get('/:id', {
    schema: { params: noteParams, response: { 200: note, 404: failure } }
  }, async (request, reply) => {
    const found = app.notes.get(request.params.id)
    if (found === undefined) return reply.code(404).send({ code: 'NO_NOTE', message: `no note ${request.params.id}` })
    return found
  })

  app.post('/', {
    schema: { body: newNote, response: { 201: note } },
    config: { audit: true }
  }, async (request, reply) => {
    const created = app.notes.add(request.body.text, [...request.body.tags])
    reply.code(201).header('location', `/notes/${created.id}`)
    return created
  })

  const adminRoutes: FastifyPluginAsyncJsonSchemaToTs = async (admin) => {
    admin.addHook('onRequest', async (request) => { await request.jwtVerify() })
    admin.delete('/:id', {
      schema: { params: noteParams, response: { 204: { type: 'null' }, 404: failure } }
    }, async (request, reply) => {
      if (!admin.notes.remove(request.params.id)) return reply.code(404).send({ code: 'NO_NOTE', message: `no note ${request.params.id}` })
      return reply.code(204).send(null)
    })
  }
  await app.register(adminRoutes)
}

export default routes
