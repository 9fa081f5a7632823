import { once } from 'node:events'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The part of a tap test the helper needs: somewhere to register the server's close. */
interface Teardown { teardown: (fn: () => unknown) => void }

/**
 * A plain Node.js HTTP server on 127.0.0.1 for a proxy to forward to, closed when the test ends.
 * Resolves with its origin (`http://127.0.0.1:<port>`).
 */
export async function startUpstream (t: Teardown, listener: RequestListener): Promise<string> {
  const upstream = createServer(listener)
  upstream.listen(0, '127.0.0.1')
  await once(upstream, 'listening')
  t.teardown(() => { upstream.close() })
  return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
}
