/** The state one server shares across all its contexts: options, routers, HTTP servers and boot flags. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
// A namespace import: find-my-way's types are `export =`, and these declarations reach the faces'
// users, whose `"module": "commonjs"` without esModuleInterop refuses a default import of them.
import type * as Router from 'find-my-way'
import type { ResolvedOptions } from '../options.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ContextState, RuntimeInstance } from './context-state.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'
import type { Profile } from '../profile.js'
import type { LogController } from '../logging/log-controller.js'
import type { SchemaControllerState } from '../schema/schema-controller.js'
import type { TrustFunction } from '../request/trust-proxy.js'
import type { MethodTable } from '../routing/http-methods.js'
import type { NotFoundParams } from '../routing/not-found-params.js'
import type { FetchHandler } from '../server/fetch-handler.js'
import type { LoadedStep } from './child-ready.js'

/** What a Node HTTP server (HTTP/1 or HTTP/2 compatibility API) calls for each request. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void

/** What the server keeps of avvio, the plugin loader: `printPlugins()`, the close ordering, and the hook that makes each plugin's instance. */
export interface PluginLoader {
  prettyPrint (): string
  once (event: 'preReady', listener: () => void): unknown
  override (parent: RuntimeInstance, plugin: never, options: unknown): RuntimeInstance
}

/** Server-wide state, shared by every context of one enclave() instance. */
export interface ServerState {
  readonly options: ResolvedOptions
  /** Which face created this server (enclave(), @enclave/fastify4 or @enclave/fastify). */
  readonly profile: Profile
  readonly logger: EnclaveLogger
  readonly loggingEnabled: boolean
  /** Fastify 5's LogController the app gave, which then writes the per-request lines; null: the core writes them. */
  readonly logController: LogController | null
  router: Router.Instance<Router.HTTPVersion.V1>
  /** Routes that answer "not found", one per context that set a not-found handler (by prefix). */
  notFoundRouter: Router.Instance<Router.HTTPVersion.V1>
  /** The methods routes may use and whether their bodies are read (addHttpMethod adds to it). */
  readonly httpMethods: MethodTable
  /** A constraint strategy derives asynchronously: the router then needs a completion callback. */
  asyncConstraints: boolean
  /** The `trustProxy` option as a function of (address, hop); null when proxies are not trusted. */
  readonly trustProxy: TrustFunction | null
  genReqId: (raw: IncomingMessage) => string
  readonly routes: RouteContext[]
  root: ContextState
  rootNotFound: RouteContext | null
  /** `request.params` when no route matched: with a prototype (Fastify 4) or without (Fastify 5). */
  readonly rootNotFoundParams: NotFoundParams
  /** reply.callNotFound(): runs the not-found route that answers the request's URL. */
  invokeNotFound (request: object, reply: object): void
  /** The HTTP server: a serverFactory's from creation, Enclave's own once first needed (`httpServerOf`). */
  httpServer: Server | null
  /** Servers bound to the other addresses `localhost` resolves to (listen on localhost), as Fastify's. */
  secondaryServers: Server[]
  httpHandler: RawHandler
  /** app.fetch(), made the first time it is read. */
  fetchHandler?: FetchHandler
  /** What answers a request no route matches, when setDefaultRoute replaced the not-found routing. */
  defaultRoute: RawHandler | null
  started: boolean
  booted: boolean
  /**
   * The onReady hooks have run: configuration calls are refused from now on. While they run (after
   * `booted`), decorators, application hooks and settings are still accepted, as in Fastify 4.29.
   */
  configLocked: boolean
  /**
   * Configuration calls (decorators, hooks, schemas, handlers, parsers) are refused from now on: with
   * `configLocked`, except on the v5 profile, where Fastify 5 counts the server as started only on the
   * next tick: ready()'s callbacks and the code right after `await ready()` may still make them, and
   * those Fastify 5 passes through avvio (a route, a request hook, setNotFoundHandler) fail as avvio
   * does once booted (AVV_ERR_ROOT_PLG_BOOTED), as they do from an onReady hook.
   */
  configurationClosed: boolean
  /** ready() failed (a plugin, a schema, an onReady hook): inject() still serves what loaded, fetch() and listen() do not. */
  startFailed: boolean
  listening: boolean
  /** The listen() binding now: another listen() meanwhile answers with its address, as Fastify's does. */
  listenInProgress: Promise<string> | null
  closing: boolean
  closed: boolean
  readyPromise: Promise<void> | null
  /** ready() on a child instance while the plugins load, run once they have loaded; null from then on. */
  pluginsLoadedWaiters: LoadedStep[] | null
  /** How many route declarations avvio has reached: each route's `loadOrder`. */
  routesLoaded: number
  closePromise?: Promise<void>
  avvio: PluginLoader
  /** Default compiler factories, created from the `ajv`/`validator` and `serializerOpts` options. */
  readonly defaultValidatorFactory: AnyFunction
  readonly defaultSerializerFactory: AnyFunction
  /** The `schemaController` option (bucket and compiler factories), null when not given. */
  readonly schemaController: SchemaControllerState | null
  /** What a `compilersFactory` receives as its second argument: the `ajv` option and `serializerOpts`, as in Fastify. */
  readonly validatorFactoryOptions: Record<string, unknown>
  readonly serializerFactoryOptions: unknown
  /** Compiler per distinct set of visible shared schemas, so contexts that see the same set share one. */
  readonly validatorCompilerCache: Map<string, AnyFunction>
  readonly serializerCompilerCache: Map<string, AnyFunction>
}
