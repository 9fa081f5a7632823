import type { Server } from 'node:http'
import type Router from 'find-my-way'
import type { ResolvedOptions } from '../options.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ContextState } from './context-state.js'
import type { RouteContext } from '../routing/route-context.js'
import type { HookEntry } from '../lifecycle/hooks.js'
import type { AnyFunction } from '../types/internal.js'
import type { Profile } from '../profile.js'
import type { SchemaControllerState } from '../schema/schema-controller.js'

/** Server-wide state, shared by every context of one enclave() instance. */
export interface ServerState {
  readonly options: ResolvedOptions
  /** Which face created this server (enclave() or @enclave/fastify). */
  readonly profile: Profile
  readonly logger: EnclaveLogger
  readonly loggingEnabled: boolean
  readonly router: Router.Instance<Router.HTTPVersion.V1>
  /** Routes that answer "not found", one per context that set a not-found handler (by prefix). */
  readonly notFoundRouter: Router.Instance<Router.HTTPVersion.V1>
  readonly genReqId: (raw: any) => string
  readonly routes: RouteContext[]
  readonly onListen: HookEntry[]
  readonly preClose: HookEntry[]
  root: ContextState
  rootNotFound: RouteContext | null
  httpServer: Server
  /** Servers bound to the other addresses `localhost` resolves to (listen on localhost), as Fastify's. */
  secondaryServers: Server[]
  httpHandler: (req: any, res: any) => void
  /** What answers a request no route matches, when setDefaultRoute replaced the not-found routing. */
  defaultRoute: ((req: any, res: any) => void) | null
  started: boolean
  booted: boolean
  listening: boolean
  closing: boolean
  closed: boolean
  readyPromise: Promise<void> | null
  avvio: any
  /** Default compiler factories, created from the `ajv`/`validator` and `serializerOpts` options. */
  defaultValidatorFactory: AnyFunction
  defaultSerializerFactory: AnyFunction
  /** The `schemaController` option (bucket and compiler factories), null when not given. */
  schemaController: SchemaControllerState | null
  /** What a `compilersFactory` receives as its second argument: the `ajv` option and `serializerOpts`, as in Fastify. */
  validatorFactoryOptions: Record<string, unknown>
  serializerFactoryOptions: unknown
  /** Compiler per distinct set of visible shared schemas, so contexts that see the same set share one. */
  validatorCompilerCache: Map<string, AnyFunction>
  serializerCompilerCache: Map<string, AnyFunction>
}
