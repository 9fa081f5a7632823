// S6's routes: each with its own params, body and response schemas (distinct, so no compiler cache
// can share work between routes).
export const routeCount = 1000

export function routeSchemas (i) {
  return {
    params: {
      type: 'object',
      properties: { id: { type: 'integer', minimum: i } }
    },
    body: {
      type: 'object',
      required: ['name', 'count'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100 + i },
        count: { type: 'integer', minimum: 0, maximum: 1000 + i },
        price: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        active: { type: 'boolean' },
        meta: { type: 'object', properties: { source: { type: 'string' }, [`route${i}`]: { type: 'integer' } } }
      }
    },
    response: {
      200: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          createdAt: { type: 'string' },
          [`field${i}`]: { type: 'boolean' },
          owner: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string' } } }
        }
      }
    }
  }
}
