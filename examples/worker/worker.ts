import type { EnclaveInstance } from '@enclave/core'
import schemaCode from '@enclave/worker-build/schema-code'
import createWorkerApp from './app.js'

/** The Worker's bindings: API_KEYS, comma-separated bearer keys for /admin (a secret). */
interface Env {
  API_KEYS?: string
}

// Built once per isolate, on its first request, when the environment is known.
let app: EnclaveInstance | undefined

export default {
  async fetch (request: Request, env: Env, context: unknown): Promise<Response> {
    app ??= createWorkerApp({ code: schemaCode }, (env.API_KEYS ?? '').split(',').filter(Boolean))
    return await app.fetch(request, env, context)
  }
}
