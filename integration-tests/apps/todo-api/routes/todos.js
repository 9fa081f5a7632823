export default async function todos (fastify) {
  fastify.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.headers['x-token'] !== 'secret') {
      throw fastify.httpErrors.unauthorized('missing token')
    }
  })

  fastify.get('/', {
    schema: {
      querystring: { type: 'object', properties: { done: { type: 'boolean' } } },
      response: { 200: { type: 'array', items: { $ref: 'todo#' } } }
    }
  }, async (request) => {
    const all = fastify.todos.list()
    return request.query.done === undefined ? all : all.filter((t) => t.done === request.query.done)
  })

  fastify.get('/:id', {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } } },
      response: { 200: { $ref: 'todo#' } }
    }
  }, async (request, reply) => {
    const todo = fastify.todos.get(request.params.id)
    if (todo === undefined) return reply.notFound(`todo ${request.params.id} not found`)
    return todo
  })

  fastify.post('/', {
    schema: {
      body: {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string', minLength: 1 } },
        additionalProperties: false
      },
      response: { 201: { $ref: 'todo#' } }
    },
    attachValidation: false
  }, async (request, reply) => {
    reply.code(201)
    return fastify.todos.add(request.body.title)
  })

  fastify.delete('/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } }, async (request, reply) => {
    if (!fastify.todos.remove(request.params.id)) return reply.notFound()
    reply.code(204).send()
  })
}
