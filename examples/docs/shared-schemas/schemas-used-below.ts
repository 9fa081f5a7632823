import enclave from '@enclave/core'

// Each reference example below starts from an app with these shared schemas.
export function appWithSharedSchemas () {
  const app = enclave()
  app.addSchema({
    $id: 'address',
    type: 'object',
    required: ['city'],
    properties: { city: { type: 'string', minLength: 2 }, zip: { type: 'integer' } },
    definitions: {
      country: { type: 'string', enum: ['FR', 'DE'] },
      code: { $id: '#code', type: 'string', pattern: '^[A-Z]{3}$' }
    }
  })
  app.addSchema({
    $id: 'customer',
    type: 'object',
    required: ['name', 'home'],
    properties: { name: { type: 'string' }, home: { $ref: 'address#' } } // a shared schema may refer to another
  })
  return app
}

export default appWithSharedSchemas()
