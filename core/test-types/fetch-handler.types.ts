// app.fetch as runtimes take it: bound, off the instance. Checked by tsc, never run.
import enclave from '@enclave/core'
import { assertType, type Equal } from './expect.js'

const app = enclave()

const { fetch } = app
assertType<Equal<typeof fetch, (request: Request, ...platformArgs: unknown[]) => Promise<Response>>>()

const worker = { fetch: app.fetch }
export default worker

export async function answer (request: Request): Promise<Response> {
  return await worker.fetch(request, { requestIP: () => null })
}

// @ts-expect-error a Request is required
void app.fetch('http://localhost/')
// @ts-expect-error read-only: the handler is the app's
app.fetch = fetch
