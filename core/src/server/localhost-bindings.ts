/** Listening on `localhost`: the extra servers bound to the other addresses it resolves to. */
import type * as Dns from 'node:dns'
import { nodeBuiltin } from '../util/node-builtin.js'
import type { Server } from 'node:http'
import type { AddressInfo, ListenOptions } from 'node:net'

/**
 * `localhost` may name several addresses (127.0.0.1 and ::1), while a server binds one. As Fastify
 * does, listening on `localhost` also binds the port on each other address it resolves to, with a
 * server of the same settings; one that cannot bind is left out (the main server is what counts).
 */
export async function bindOtherLocalhostAddresses (primary: Server, create: () => Server, options: ListenOptions): Promise<Server[]> {
  const dns = nodeBuiltin<typeof Dns>('node:dns', 'Listening on localhost')
  const addresses = await new Promise<Dns.LookupAddress[]>((resolve) => {
    dns.lookup('localhost', { all: true }, function found (error, all) { resolve(error === null ? all : []) })
  })
  const main = primary.address() as AddressInfo | null
  if (main === null || typeof main !== 'object') return []
  const bound: Server[] = []
  await Promise.all(addresses.filter((entry) => entry.address !== main.address).map((entry) => new Promise<void>((resolve) => {
    const secondary = create()
    const onError = (): void => { resolve() }
    secondary.once('error', onError)
    secondary.listen({ ...options, host: entry.address, port: main.port }, function secondaryListening () {
      secondary.removeListener('error', onError)
      bound.push(secondary)
      resolve()
    })
  })))
  return bound
}
