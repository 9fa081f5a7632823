/** Shared schemas: used by $ref from routes, for validation and serialization alike. */
export const userSchemas = [
  {
    $id: 'user',
    type: 'object',
    required: ['id', 'name', 'email'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      tags: { type: 'array', items: { type: 'string' } },
      createdAt: { type: 'string', format: 'date-time' }
    }
  },
  {
    $id: 'newUser',
    type: 'object',
    required: ['name', 'email'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      email: { type: 'string', format: 'email' },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 10, default: [] }
    }
  },
  {
    $id: 'problem',
    type: 'object',
    properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } }
  }
]
