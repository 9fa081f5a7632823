import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { kRequestRoute } from '../symbols.js'
import { warnings } from '../errors/warnings.js'
import type { RouteContext } from '../routing/route-context.js'
import type { EnclaveLogger } from '../logging/logger.js'

export interface RequestClass {
  new (id: string, params: Record<string, string>, raw: IncomingMessage, query: unknown, log: EnclaveLogger, route: RouteContext): any
  prototype: any
}

/** Properties every request has; the per-context classes inherit them. */
const requestPrototype = {
  get method (): string {
    return (this as any).raw.method
  },
  get url (): string {
    return (this as any).raw.url
  },
  get originalUrl (): string {
    return (this as any).raw.url
  },
  get socket () {
    return (this as any).raw.socket
  },
  get server () {
    return (this as any)[kRequestRoute].instance
  },
  get routeOptions () {
    return (this as any)[kRequestRoute].publicOptions
  },
  get routeConfig () {
    warnings.FSTDEP016()
    return (this as any)[kRequestRoute].config
  },
  get routeSchema () {
    warnings.FSTDEP015()
    return (this as any)[kRequestRoute].schema
  },
  get routerPath (): string {
    warnings.FSTDEP017()
    return (this as any)[kRequestRoute].url
  },
  get routerMethod (): string {
    warnings.FSTDEP018()
    return (this as any)[kRequestRoute].method
  },
  get is404 (): boolean {
    return (this as any)[kRequestRoute].isNotFound
  },
  /** Fastify v4's `request.context`, kept for plugins that read `context.config`. */
  get context () {
    return (this as any)[kRequestRoute]
  },
  get ip (): string | undefined {
    const self = this as any
    if ((self[kRequestRoute] as RouteContext).server.trustProxy === null) return self.raw.socket?.remoteAddress
    const ips = clientAddresses(self)
    return ips[ips.length - 1]
  },
  get ips (): string[] {
    return clientAddresses(this as any)
  },
  get hostname (): string {
    const self = this as any
    const route: RouteContext = self[kRequestRoute]
    const headers = self.raw.headers
    if (route.server.trustProxy !== null) {
      const forwarded = headers['x-forwarded-host']
      if (typeof forwarded === 'string' && trustsRemote(self)) return lastListValue(forwarded)
    }
    return headers.host ?? headers[':authority'] ?? ''
  },
  get protocol (): 'http' | 'https' {
    const self = this as any
    const route: RouteContext = self[kRequestRoute]
    if (route.server.trustProxy !== null) {
      const forwarded = self.raw.headers['x-forwarded-proto']
      if (typeof forwarded === 'string' && trustsRemote(self)) return lastListValue(forwarded) === 'https' ? 'https' : 'http'
    }
    return (self.raw.socket as TLSSocket | undefined)?.encrypted === true ? 'https' : 'http'
  }
}

function lastListValue (value: string): string {
  const comma = value.lastIndexOf(',')
  return (comma === -1 ? value : value.slice(comma + 1)).trim()
}

function trustsRemote (request: any): boolean {
  const trust = (request[kRequestRoute] as RouteContext).server.trustProxy
  return trust !== null && trust(request.raw.socket?.remoteAddress ?? '', 0)
}

/**
 * The client's address chain: the socket address first, then X-Forwarded-For from the nearest hop
 * outwards, as far as the trustProxy option trusts each hop (proxy-addr's `all()`, Fastify's
 * `request.ips`); the last entry is the client (`request.ip`).
 */
function clientAddresses (request: any): string[] {
  const socketAddress: string | undefined = request.raw.socket?.remoteAddress
  const trust = (request[kRequestRoute] as RouteContext).server.trustProxy
  const chain: string[] = socketAddress === undefined ? [] : [socketAddress]
  if (trust === null) return chain
  const header = request.raw.headers['x-forwarded-for']
  if (typeof header !== 'string' || header.length === 0) return chain
  const hops = header.split(',')
  let hop = 0
  for (let i = hops.length - 1; i >= 0; i--) {
    const address = hops[i]!.trim()
    if (address.length === 0) continue
    if (!trust(chain[chain.length - 1] ?? '', hop)) break
    chain.push(address)
    hop++
  }
  return chain
}

/**
 * One request class per encapsulation context, whose prototype inherits the parent context's:
 * a decoration added in a context is visible in it and its descendants only (docs/encapsulation.md).
 */
export function buildRequestClass (parent: RequestClass | null): RequestClass {
  function Request (this: any, id: string, params: Record<string, string>, raw: IncomingMessage, query: unknown, log: EnclaveLogger, route: RouteContext) {
    this.id = id
    this.params = params
    this.raw = raw
    this.query = query
    this.headers = raw.headers
    this.body = undefined
    this.log = log
    this[kRequestRoute] = route
  }
  Request.prototype = Object.create(parent === null ? requestPrototype : parent.prototype)
  Object.defineProperty(Request.prototype, 'constructor', { value: Request, writable: true, configurable: true })
  return Request as unknown as RequestClass
}
