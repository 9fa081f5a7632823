import { createHookStore, type HookStore } from '../lifecycle/hooks.js'
import { createSchemaView, type SchemaControllerState, type SchemaView } from '../schema/schema-controller.js'
import { ParserStore } from '../request/body-parsers.js'
import { buildRequestClass, type RequestClass } from '../request/request.js'
import { buildReplyClass, type ReplyClass } from '../reply/reply.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ServerState } from './server-state.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'
import type { ErrorHandlerEntry } from '../reply/error-handler.js'

/**
 * What one encapsulation context owns. Every field holds only this context's own registrations;
 * what a route sees is resolved by walking `parent` links once, at ready().
 */
export class ContextState {
  readonly parent: ContextState | null
  readonly server: ServerState
  instance: any
  readonly prefix: string
  pluginName: string
  /** This context's name, then the wrapped plugins that registered into it (`pluginName` joins them). */
  readonly pluginNames: string[] = []
  /**
   * Names (from plugin metadata) of the plugins this context registered, wrapped or not: what
   * `hasPlugin()` and a wrapped plugin's `dependencies` look for, here and in the ancestors.
   */
  readonly registeredPlugins: string[] = []
  readonly hooks: HookStore = createHookStore()
  /** Shared schemas: the default store, or the bucket of a `schemaController` (replaced by setSchemaController). */
  schemas: SchemaView
  readonly parsers: ParserStore
  readonly Request: RequestClass
  readonly Reply: ReplyClass
  readonly children: ContextState[] = []
  readonly routes: RouteContext[] = []
  readonly ownDecorators: { instance: PropertyKey[], request: PropertyKey[], reply: PropertyKey[] } = { instance: [], request: [], reply: [] }
  /** Content types this context added parsers for (printContexts). */
  readonly ownParsers: string[] = []
  /** The last error handler this context set itself (printContexts). */
  errorHandler: AnyFunction | null = null
  /**
   * The error handlers in effect here, nearest first: the parent's as they were when this context
   * was created, then each one this context sets in front, as in Fastify 4 (a handler set on the
   * parent later does not reach a child that already loaded; a handler that throws hands over to
   * the one that was in effect when it was set).
   */
  readonly errorHandlers: ErrorHandlerEntry[]
  notFoundHandler: { handler: AnyFunction, options: Record<string, unknown> } | null = null
  /**
   * Set on a prefix owner (see `prefixOwner`): the context whose not-found handler answers for
   * this prefix. One per prefix, as in Fastify: URLs are all a not-found handler can be scoped by.
   */
  notFoundSetBy: ContextState | null = null
  validatorCompiler: AnyFunction | null = null
  serializerCompiler: AnyFunction | null = null
  /** setSchemaController here; the server's `schemaController` option stands for the root's. */
  schemaController: SchemaControllerState | null = null
  /** The compilers built for this context's own routes at ready(): what `validatorCompiler` / `serializerCompiler` show then. */
  builtValidatorCompiler: AnyFunction | null = null
  builtSerializerCompiler: AnyFunction | null = null
  schemaErrorFormatter: AnyFunction | null = null
  replySerializer: AnyFunction | null = null
  /** setGenReqId() here: the request-id generator of this context's routes. */
  genReqId: AnyFunction | null = null
  /** setChildLoggerFactory() here: how this context's routes make each request's logger. */
  childLoggerFactory: AnyFunction | null = null
  /** The `logSerializers` this context was registered with. */
  logSerializers: Record<string, unknown> | null = null
  logger: EnclaveLogger
  logLevel: string | undefined
  loaded = false

  constructor (server: ServerState, parent: ContextState | null, prefix: string, pluginName: string, logger: EnclaveLogger, logLevel?: string) {
    this.server = server
    this.parent = parent
    this.prefix = prefix
    this.pluginName = pluginName
    this.pluginNames.push(pluginName)
    this.logger = logger
    this.logLevel = logLevel
    this.schemas = createSchemaView(this.controllerSetting('bucket'), parent === null ? null : parent.schemas)
    this.parsers = new ParserStore(parent === null ? null : parent.parsers)
    this.Request = buildRequestClass(parent === null ? null : parent.Request)
    this.Reply = buildReplyClass(parent === null ? null : parent.Reply)
    this.errorHandlers = parent === null ? [] : parent.errorHandlers.slice()
    if (parent !== null) parent.children.push(this)
  }

  /** Contexts from the root down to this one. */
  lineage (): ContextState[] {
    const chain: ContextState[] = []
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) chain.unshift(ctx)
    return chain
  }

  /** The nearest own value of a per-context setting, looking up through the parents. */
  inherited<K extends 'validatorCompiler' | 'serializerCompiler' | 'schemaErrorFormatter' | 'replySerializer' | 'notFoundHandler' | 'genReqId' | 'childLoggerFactory'> (key: K): ContextState[K] {
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) {
      if (ctx[key] !== null) return ctx[key]
    }
    return null as ContextState[K]
  }

  /** What the instance's validatorCompiler / serializerCompiler property shows. */
  compilerInEffect (set: 'validatorCompiler' | 'serializerCompiler', built: 'builtValidatorCompiler' | 'builtSerializerCompiler'): AnyFunction | undefined {
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) {
      const found = ctx[set] ?? ctx[built]
      if (found !== null) return found
    }
    return undefined
  }

  /** The nearest schemaController setting (this context's, an ancestor's, then the server option's). */
  controllerSetting (key: keyof SchemaControllerState): AnyFunction | null {
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) {
      const value = ctx.schemaController?.[key]
      if (value !== undefined && value !== null) return value
    }
    const root = (this.server as { schemaController?: SchemaControllerState | null }).schemaController
    return root?.[key] ?? null
  }

  hasPlugin (name: string): boolean {
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) {
      if (ctx.registeredPlugins.includes(name)) return true
    }
    return false
  }

  /** Whether a strict ancestor decorated `name`: the only existing names a context may shadow. */
  ancestorDecorated (target: 'instance' | 'request' | 'reply', name: PropertyKey): boolean {
    for (let ctx = this.parent; ctx !== null; ctx = ctx.parent) {
      if (ctx.ownDecorators[target].includes(name)) return true
    }
    return false
  }

  /** The nearest context (this one or an ancestor) that owns this URL prefix. */
  prefixOwner (): ContextState {
    let ctx: ContextState = this
    while (ctx.parent !== null && ctx.parent.prefix === ctx.prefix) ctx = ctx.parent
    return ctx
  }

  noteParsers (types: unknown): void {
    for (const type of Array.isArray(types) ? types : [types]) this.ownParsers.push(String(type))
  }
}
