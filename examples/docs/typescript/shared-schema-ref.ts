import enclave from '@enclave/core'

const app = enclave()

// #region declare
const address = { $id: 'address', type: 'object', properties: { city: { type: 'string' } } } as const
declare module '@enclave/core' {
  interface EnclaveSharedSchemas { address: typeof address }
}
app.addSchema(address)
// { $ref: 'address#' } and { $ref: 'address' } are now typed like `address`
// #endregion declare

app.post('/ship', { schema: { body: { $ref: 'address#' } } }, async (request) => ({ city: request.body.city }))

export default app
