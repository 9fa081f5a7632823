import enclave, { type EnclaveInstance, type EnclaveOptions } from '@enclave/core'

/** How many routes the start-up measurement's app has. */
export const routeCount = 100

/**
 * An app of `routeCount` routes, each with its own params, body and response schema (distinct, so
 * no compiled function is shared): what Workers' start-up limit is measured with.
 */
export default function createManyRoutesApp (schemaCache: EnclaveOptions['schemaCache'] = null): EnclaveInstance {
  const app = enclave({ schemaCache })
  for (let i = 0; i < routeCount; i++) {
    app.post(`/items${i}/:id`, {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', maximum: 1000 + i } } },
        body: { type: 'object', required: [`name${i}`], properties: { [`name${i}`]: { type: 'string', maxLength: 50 + i }, count: { type: 'integer' } } },
        response: { 200: { type: 'object', properties: { id: { type: 'integer' }, [`name${i}`]: { type: 'string' }, route: { type: 'integer' } } } }
      }
    }, async (request) => ({ ...(request.body as object), id: (request.params as { id: number }).id, route: i, dropped: true }))
  }
  return app
}
