import type { EnclaveInstance, EnclaveOptions } from '@enclave/core'
import { buildApp } from '../app/app.js'

/**
 * The example API as a Worker builds it. enclave-worker-build calls this at build time (no keys
 * needed to compile schemas); the Worker calls it on its first request, with the keys from its
 * environment and the code the build step made.
 */
export default function createWorkerApp (schemaCache: EnclaveOptions['schemaCache'], apiKeys: string[] = []): EnclaveInstance {
  return buildApp({ apiKeys, schemaCache })
}
