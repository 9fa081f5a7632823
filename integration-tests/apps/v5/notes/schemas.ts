// JSON schemas written `as const`, so @fastify/type-provider-json-schema-to-ts types the handlers from them.
export const note = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    text: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } }
  },
  required: ['id', 'text', 'tags'],
  additionalProperties: false
} as const

export const failure = {
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  required: ['code', 'message']
} as const

export const noteParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id']
} as const

export const listQuery = {
  type: 'object',
  properties: {
    tag: { type: 'string' },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 }
  }
} as const

export const newNote = {
  type: 'object',
  properties: {
    text: { type: 'string', minLength: 1, maxLength: 280 },
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, default: [] }
  },
  required: ['text'],
  additionalProperties: false
} as const

export const credentials = {
  type: 'object',
  properties: { user: { type: 'string' }, password: { type: 'string' } },
  required: ['user', 'password']
} as const
