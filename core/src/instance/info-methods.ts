/** The views of an instance (server, log, prefix, plugin name, version, origin) and its plugin and context printouts. */
import { printContexts } from './print-contexts.js'
import { contextOf, serverOf } from './context-state.js'
import { httpServerOf } from '../server/http-server.js'
import type { MethodGroup } from './method-table.js'
import type { EnclaveLogger } from '../logging/logger.js'

export const infoMethods = {
  printPlugins (): string {
    return serverOf(this).avvio.prettyPrint()
  },
  printContexts (): string {
    return printContexts(serverOf(this).root)
  },
  withTypeProvider () { return this },
  get server () { return httpServerOf(serverOf(this)) },
  // As Fastify 4.29: every instance shows the server's logger (a plugin's logLevel reaches only its
  // routes' request loggers), and `instance.log = x` is an own property its descendants inherit.
  get log () { return serverOf(this).logger },
  set log (value: EnclaveLogger) {
    Object.defineProperty(this, 'log', { value, writable: true, enumerable: true, configurable: true })
  },
  get prefix () { return contextOf(this).prefix },
  get pluginName () { return contextOf(this).pluginNames.join(' -> ') },
  get version () { return serverOf(this).profile.fastifyVersion },
  get listeningOrigin () {
    const server = serverOf(this)
    // A server not made yet does not listen.
    const address = server.httpServer === null ? null : server.httpServer.address()
    if (address === null || typeof address === 'string') return address
    // Fastify names the scheme after its `https` option, not after the server it is given.
    const scheme = server.options.https !== undefined && server.options.https !== null ? 'https' : 'http'
    return `${scheme}://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  }
} satisfies MethodGroup
