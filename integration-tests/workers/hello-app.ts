import enclave, { type EnclaveInstance, type EnclaveOptions } from '@enclave/core'

/** One route without schemas: the start-up measurement's baseline. */
export default function createHelloApp (schemaCache: EnclaveOptions['schemaCache'] = null): EnclaveInstance {
  const app = enclave({ schemaCache })
  app.get('/', async () => ({ hello: 'world' }))
  return app
}
