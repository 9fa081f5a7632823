/** The request object: its per-request state, the prototype every request shares, and one request class per context. */
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { kRequestRoute, kFastifyRouteContext } from '../symbols.js'
import { fastifyContextOf } from './fastify-context-view.js'
import { warnings } from '../errors/warnings.js'
import { validationMethods } from './validation-methods.js'
import { routeOptionsOf, fastify5RouteOptionsOf } from './route-options-view.js'
import { hostnameOf, portOf } from './host-parts.js'
import { signalOf } from './request-signal.js'
import { mediaTypeOf, isValidMediaType } from './content-type.js'
import { getDecorator, setDecorator } from '../util/decorator-access.js'
import { derivePrototype, withForInOrder } from '../util/derive-prototype.js'
import { assignDataDecorations, type DataDecoration } from '../util/data-decorations.js'
import type { Profile } from '../profile.js'
import type { RouteContext } from '../routing/route-context.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { RuntimeInstance } from '../instance/context-state.js'
import type { EnclaveRequest } from '../types/request.js'
import type { ValidationError } from '../types/schema.js'

/**
 * What each request holds itself (the constructor assigns it, always in this order so every
 * request has one shape); everything else is read through the prototype from `raw` and the route.
 */
export interface RequestState {
  id: string
  params: unknown
  raw: IncomingMessage
  query: unknown
  log: EnclaveLogger
  body: unknown
  /**
   * Read through the prototype's accessor, as in Fastify 4.29: `raw.headers`, merged under what was
   * assigned to it (`additionalHeaders`); under validateHeadersOnCopy an own property holding the copy.
   */
  headers: Record<string, unknown>
  /** What was assigned to `request.headers` (Fastify 4.29's name; absent until then). */
  additionalHeaders?: Record<string, unknown> | null
  validationError?: ValidationError
  /** The route answering the request; reply.callNotFound() moves it to the not-found route. */
  [kRequestRoute]: RouteContext
}

/** A request as the lifecycle sees it: its own state plus what the prototype computes. */
export type RuntimeRequest = RequestState & RequestAccessors

export interface RequestClass {
  new (id: string, params: Record<string, string>, raw: IncomingMessage, query: unknown, log: EnclaveLogger, route: RouteContext): RuntimeRequest
  /** Where decorateRequest puts a context's functions and accessors. */
  prototype: Record<PropertyKey, unknown>
  /** The data decorations every request of the context gets as own fields (see data-decorations.ts). */
  readonly dataDecorations: DataDecoration[]
}

/** The public request members the shared prototype provides. */
type RequestAccessors = Pick<EnclaveRequest,
'method' | 'url' | 'originalUrl' | 'socket' | 'routeOptions' | 'routeConfig' | 'routeSchema' |
'routerPath' | 'routerMethod' | 'is404' | 'ip' | 'ips' | 'hostname' | 'protocol' | 'connection' |
'getValidationFunction' | 'compileValidationSchema' | 'validateInput' | Fastify5Addition> & {
  /** The instance the route was declared on, as core holds it (the public type is EnclaveInstance). */
  readonly server: RuntimeInstance
  /** Fastify v4's `request.context`, kept for plugins that read `context.config`. */
  readonly context: RouteContext
}

/** Fastify 5's request members that Fastify 4.29 lacks: on the v5 face and enclave(), not on the v4 face. */
type Fastify5Addition = 'host' | 'port' | 'mediaType' | 'signal' | 'getDecorator' | 'setDecorator'

/** The Fastify 4.29 request: every member of the v4 face, in its order; the other entries are built from it. */
const requestPrototype = {
  get headers (): Record<string, unknown> {
    const additional = this.additionalHeaders
    if (additional === undefined || additional === null) return this.raw.headers
    return Object.assign({}, this.raw.headers, additional)
  },
  set headers (headers: Record<string, unknown>) {
    this.additionalHeaders = headers
  },
  get method (): string {
    return this.raw.method!
  },
  get url (): string {
    return this.raw.url!
  },
  // The URL before rewriteUrl changed it (Fastify 4.29 keeps it on the raw request).
  get originalUrl (): string {
    return (this.raw as IncomingMessage & { originalUrl?: string }).originalUrl ?? this.raw.url!
  },
  get socket (): IncomingMessage['socket'] {
    return this.raw.socket
  },
  get connection (): IncomingMessage['socket'] {
    warnings.FSTDEP005()
    // Read through the raw request's own (deprecated) alias, as Fastify does: under inject() the
    // simulated request warns about it too.
    return this.raw.connection
  },
  get server (): RuntimeInstance {
    return this[kRequestRoute].instance
  },
  get routeOptions () {
    return routeOptionsOf(this[kRequestRoute].publicOptions, acceptedVersion(this))
  },
  get routeConfig (): Record<string, unknown> {
    warnings.FSTDEP016()
    return this[kRequestRoute].config
  },
  get routeSchema () {
    warnings.FSTDEP015()
    return this[kRequestRoute].schema
  },
  // Read from the route's config, as Fastify 4.29 does: undefined for a not-found route.
  get routerPath (): string {
    warnings.FSTDEP017()
    return this[kRequestRoute].config.url as string
  },
  get routerMethod (): string {
    warnings.FSTDEP018()
    return this[kRequestRoute].config.method as string
  },
  get is404 (): boolean {
    return this[kRequestRoute].isNotFound
  },
  get context (): RouteContext {
    warnings.FSTDEP012()
    return this[kRequestRoute]
  },
  get ip (): string | undefined {
    if (this[kRequestRoute].server.trustProxy === null) return this.raw.socket?.remoteAddress
    const ips = clientAddresses(this)
    return ips[ips.length - 1]
  },
  // Only on the prototypes of servers with trustProxy (see baseRequestPrototypeOf).
  get ips (): string[] | undefined {
    return clientAddresses(this)
  },
  // Fastify 4.29's hostname is the whole host, port included (Fastify 5's `host`).
  get hostname (): string {
    return hostOf(this)
  },
  get protocol (): 'http' | 'https' {
    if (this[kRequestRoute].server.trustProxy !== null) {
      const forwarded = this.raw.headers['x-forwarded-proto']
      // The last hop's value as sent, as Fastify 4.29 gives it (`lorem` stays `lorem`); an empty header is not one.
      if (typeof forwarded === 'string' && forwarded !== '' && believesForwarding(this)) return lastListValue(forwarded) as 'http' | 'https'
    }
    return (this.raw.socket as TLSSocket | undefined)?.encrypted === true ? 'https' : 'http'
  }
} satisfies Omit<RequestAccessors, ValidationMethodName | Fastify5Addition> & Pick<RequestState, 'headers'> & ThisType<RequestState>

type ValidationMethodName = 'getValidationFunction' | 'compileValidationSchema' | 'validateInput'

/** Fastify 5's additions (see Fastify5Addition). */
const fastify5Additions = {
  get host (): string {
    return hostOf(this)
  },
  get port (): number | null {
    return portOf(hostOf(this))
  },
  get mediaType (): string | undefined {
    const header = this.raw.headers['content-type']
    if (header === undefined) return undefined
    const type = mediaTypeOf(header)
    return isValidMediaType(type) ? type : undefined
  },
  get signal (): AbortSignal {
    return signalOf(this.raw)
  },
  getDecorator<T = unknown> (name: string | symbol): T {
    return getDecorator(this, 'request', name) as T
  },
  setDecorator (name: string | symbol, value: unknown): void {
    setDecorator(this, 'request', name, value)
  }
} satisfies Pick<RequestAccessors, Fastify5Addition> & ThisType<RequestState>

/** Where Fastify 5 changed a member: `hostname` without the port, `routeOptions` a plain object with `handlerTimeout`. */
const fastify5Changes = {
  get hostname (): string {
    return hostnameOf(hostOf(this))
  },
  get routeOptions () {
    return fastify5RouteOptionsOf(this[kRequestRoute].publicOptions, acceptedVersion(this))
  }
} satisfies Pick<RequestAccessors, 'hostname' | 'routeOptions'> & ThisType<RequestState>

/** Where the Fastify v4 face keeps a 4.29 edge: a request without a host (no Host, or an empty one) has no `hostname`. */
const fastify4Changes = {
  get hostname (): string | undefined {
    const host = hostOf(this)
    return host === '' ? undefined : host
  }
} satisfies ThisType<RequestState>

/** What Fastify 5 removed (each was deprecated in 4.29): absent from the v5 face's requests, `'context' in request` false. */
const removedInFastify5 = ['connection', 'routeConfig', 'routeSchema', 'routerPath', 'routerMethod', 'context']

// V8 names the object that holds an accessor by its constructor in a TypeError ("Cannot set property
// routeOptions of #<Request> which has only a getter"): Request, as Fastify's.
Object.defineProperty(requestPrototype, 'constructor', { value: function Request () {}, writable: true, configurable: true })

// Fastify's route context under its own key (the faces' `lib/symbols`), read by plugins' test suites.
Object.defineProperty(requestPrototype, kFastifyRouteContext, {
  get (this: RequestState) { return fastifyContextOf(this[kRequestRoute]) },
  enumerable: false,
  configurable: true
})

// Read-only, as in Fastify 4.29: decorateRequest with one of these names throws a TypeError.
for (const name of ['getValidationFunction', 'compileValidationSchema', 'validateInput'] as const) {
  Object.defineProperty(requestPrototype, name, { value: validationMethods[name], writable: false, enumerable: true, configurable: false })
}

/** As Fastify: `routeOptions.version` is the version the request asked for, once a version strategy is in use. */
function acceptedVersion (request: RequestState): string | undefined {
  const version = request.raw.headers['accept-version']
  return typeof version === 'string' && request[kRequestRoute].server.router.hasConstraintStrategy('version') ? version : undefined
}

/** The request's host as sent, port included: X-Forwarded-Host from a believed proxy, else Host (`:authority` over HTTP/2). */
function hostOf (request: RequestState): string {
  const headers = request.raw.headers
  if (request[kRequestRoute].server.trustProxy !== null) {
    const forwarded = headers['x-forwarded-host']
    // An empty header names no host: Host stands, as in Fastify.
    if (typeof forwarded === 'string' && forwarded !== '' && believesForwarding(request)) return lastListValue(forwarded)
  }
  return headers.host ?? (headers[':authority'] as string | undefined) ?? ''
}

// Chosen once per context class (never per request): each entry's requests have one flat prototype.
// Fastify defines every request member as non-enumerable: a `for…in` lists a request's own fields only.
const enclaveRequestPrototype = withForInOrder(derivePrototype(requestPrototype, [], fastify5Additions), [])
const fastify5RequestPrototype = withForInOrder(derivePrototype(requestPrototype, removedInFastify5, fastify5Additions, fastify5Changes), [])
const fastify4RequestPrototype = withForInOrder(derivePrototype(requestPrototype, [], fastify4Changes), [])

// Fastify defines `request.ips` only with trustProxy: without it a request has no such member
// (`'ips' in request` is false and a plugin may assign it). Each entry's prototype without it.
const withoutIps = ['ips']
const enclaveRequestPrototypeWithoutIps = derivePrototype(enclaveRequestPrototype, withoutIps)
const fastify5RequestPrototypeWithoutIps = derivePrototype(fastify5RequestPrototype, withoutIps)
const fastify4RequestPrototypeWithoutIps = derivePrototype(fastify4RequestPrototype, withoutIps)

/** The prototype every context's request class descends from, for this entry. */
function baseRequestPrototypeOf (profile: Profile, trustProxy: boolean): object {
  if (profile.api === 5) return trustProxy ? fastify5RequestPrototype : fastify5RequestPrototypeWithoutIps
  if (profile.name === 'enclave') return trustProxy ? enclaveRequestPrototype : enclaveRequestPrototypeWithoutIps
  return trustProxy ? fastify4RequestPrototype : fastify4RequestPrototypeWithoutIps
}

function lastListValue (value: string): string {
  const comma = value.lastIndexOf(',')
  return (comma === -1 ? value : value.slice(comma + 1)).trim()
}

/** checkForwardingPeer: X-Forwarded-Host/-Proto count only from a trusted peer (else from any, as Fastify 4). */
function believesForwarding (request: RequestState): boolean {
  const server = request[kRequestRoute].server
  const trust = server.trustProxy
  if (trust === null) return false
  return server.options.checkForwardingPeer !== true || trust(request.raw.socket?.remoteAddress ?? '', 0)
}

/**
 * The client's address chain: the socket address first, then X-Forwarded-For from the nearest hop
 * outwards, as far as the trustProxy option trusts each hop (proxy-addr's `all()`, Fastify's
 * `request.ips`); the last entry is the client (`request.ip`).
 */
function clientAddresses (request: RequestState): string[] {
  const socketAddress: string | undefined = request.raw.socket?.remoteAddress
  const trust = request[kRequestRoute].server.trustProxy
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
export function buildRequestClass (parent: RequestClass | null, profile: Profile, trustProxy: boolean): RequestClass {
  const dataDecorations = parent === null ? [] : parent.dataDecorations.slice()
  // The accessors come from the prototype chain set below, decorations from decorateRequest; the
  // interface tells the class so.
  interface Request extends RequestAccessors {
    [decoration: string | symbol]: unknown
  }
  class Request implements RequestState {
    // Declared only: the constructor assigns them, so no field initialisers run first.
    declare id: string
    declare params: unknown
    declare raw: IncomingMessage
    declare query: unknown
    declare log: EnclaveLogger
    declare body: unknown
    // The prototype's accessor (declared only: nothing is emitted, no own property is made).
    declare headers: Record<string, unknown>
    declare [kRequestRoute]: RouteContext

    static readonly dataDecorations: DataDecoration[] = dataDecorations

    constructor (id: string, params: Record<string, string>, raw: IncomingMessage, query: unknown, log: EnclaveLogger, route: RouteContext) {
      this.id = id
      this.params = params
      this.raw = raw
      this.query = query
      // Fastify 4.29's order (Object.keys, JSON.stringify, a logger's req serializer see it); headers are an accessor.
      this.log = log
      this.body = undefined
      this[kRequestRoute] = route
      if (dataDecorations.length !== 0) assignDataDecorations(this, dataDecorations)
    }
  }
  Object.setPrototypeOf(Request.prototype, parent === null ? baseRequestPrototypeOf(profile, trustProxy) : parent.prototype)
  return Request
}

/**
 * Fails to compile when the public request type gains a member the runtime request does not
 * provide. The four parts are left out: the public type derives them from each route's schema,
 * while at run time they hold whatever the parser or a validator produced; so is `server`, which
 * core holds as a RuntimeInstance (the instance's public face is checked where its methods are).
 */
type ProvidesPublicRequest<T extends Omit<EnclaveRequest, 'params' | 'query' | 'body' | 'headers' | 'server'>> = T
export type CheckedRequest = ProvidesPublicRequest<RuntimeRequest>
