/** One encapsulation context's state (`ContextState`), the runtime instance that fronts it, and the way from one to the other. */
import { kContext, kRegisteredPlugins } from '../symbols.js'
import { createHookStore, type HookEntry, type HookStore } from '../lifecycle/hooks.js'
import { createSchemaView, type SchemaControllerState, type SchemaView } from '../schema/schema-controller.js'
import { catchAllNameOf, ParserStore } from '../request/body-parsers.js'
import { buildRequestClass, type RequestClass } from '../request/request.js'
import { buildReplyClass, type ReplyClass } from '../reply/reply.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ServerState } from './server-state.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'
import type { ErrorHandlerEntry } from '../reply/error-handler.js'

/** avvio's completion callback: an error (or nothing) ends the step. */
export type AvvioDone = (error?: unknown) => void

/**
 * The instance object as core sees it: the public methods (instance-methods.ts), the methods avvio
 * exposes on it under private names, and the decorations users add (whatever name and value).
 */
export interface RuntimeInstance {
  [kContext]: ContextState
  [kRegisteredPlugins]: string[]
  readonly version: string
  ready (): Promise<RuntimeInstance>
  ready (callback: (error: Error | null) => void): undefined
  close (): Promise<void>
  after (step: (error: unknown, done: AvvioDone) => void): RuntimeInstance
  _avvioRegister (plugin: unknown, options: unknown): unknown
  _avvioReady (step: (error: unknown, context: unknown, done: AvvioDone) => void): unknown
  _avvioClose (): Promise<void>
  _avvioOnClose (hook: unknown): unknown
  [decoration: string | symbol]: unknown
}

/** The context an instance fronts (a child instance inherits its parent's methods, never its context). */
export function contextOf (instance: RuntimeInstance): ContextState {
  return instance[kContext]
}

export function serverOf (instance: RuntimeInstance): ServerState {
  return instance[kContext].server
}

/** Settings a context keeps as they were when it loaded (see `loadedWith`). */
type SnapshotSetting = 'validatorCompiler' | 'serializerCompiler' | 'schemaErrorFormatter' | 'replySerializer'

/**
 * What one encapsulation context owns. Every field holds only this context's own registrations;
 * what a route sees is resolved by walking `parent` links once, at ready().
 */
export class ContextState {
  readonly parent: ContextState | null
  readonly server: ServerState
  readonly instance: RuntimeInstance
  readonly prefix: string
  pluginName: string
  /** This context's name, then the wrapped plugins that registered into it (`pluginName` joins them). */
  readonly pluginNames: string[] = []
  /**
   * Names (from plugin metadata) of the plugins this context registered, wrapped or not: what
   * `hasPlugin()` and a wrapped plugin's `dependencies` look for, here and in the ancestors.
   * A child's list inherits its parent's entries through its prototype, and the instance shows it
   * under `Symbol.for('registered-plugin')`, the global key Fastify 4 keeps it under and plugins'
   * tests read.
   */
  readonly registeredPlugins: string[]
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
  /** addSchema() was called here (a wrapped plugin's call included): see inheritedCompiler (schema/compilers.ts). */
  addedSchemas = false
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
  /**
   * The compilers, formatter and reply serializer in effect in the parent when this context was
   * created, as in Fastify 4.29: one the parent (or an ancestor) sets after this context loaded does
   * not reach it. null where none was set (the default then applies).
   */
  readonly loadedWith: Record<SnapshotSetting, AnyFunction | null>

  constructor (server: ServerState, parent: ContextState | null, instance: RuntimeInstance, prefix: string, pluginName: string, logger: EnclaveLogger, logLevel?: string) {
    this.server = server
    this.instance = instance
    this.parent = parent
    this.prefix = prefix
    this.pluginName = pluginName
    this.pluginNames.push(pluginName)
    this.registeredPlugins = parent === null ? [] : Object.create(parent.registeredPlugins) as string[]
    this.logger = logger
    this.logLevel = logLevel
    this.schemas = createSchemaView(this.controllerSetting('bucket'), parent === null ? null : parent.schemas)
    this.parsers = new ParserStore(parent === null ? null : parent.parsers, server.profile.api, catchAllNameOf(server.profile))
    this.Request = buildRequestClass(parent === null ? null : parent.Request, server.profile, server.trustProxy !== null)
    this.Reply = buildReplyClass(parent === null ? null : parent.Reply, server.profile)
    this.errorHandlers = parent === null ? [] : parent.errorHandlers.slice()
    this.loadedWith = parent === null
      ? { validatorCompiler: null, serializerCompiler: null, schemaErrorFormatter: null, replySerializer: null }
      : {
          validatorCompiler: parent.inherited('validatorCompiler'),
          serializerCompiler: parent.inherited('serializerCompiler'),
          schemaErrorFormatter: parent.inherited('schemaErrorFormatter'),
          replySerializer: parent.inherited('replySerializer')
        }
    if (parent !== null) parent.children.push(this)
    instance[kContext] = this
    instance[kRegisteredPlugins] = this.registeredPlugins
  }

  /**
   * The error handlers in effect here now: this context's if it set one, else its nearest ancestor's
   * that did, as they are at this point (Fastify reads a context's error handler through the
   * instance's prototype chain: what not-found routes take at ready() and `instance.errorHandler` shows).
   */
  errorHandlersNow (): ErrorHandlerEntry[] {
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) {
      if (ctx.errorHandler !== null) return ctx.errorHandlers
    }
    return this.errorHandlers
  }

  /** Contexts from the root down to this one. */
  lineage (): ContextState[] {
    const chain: ContextState[] = []
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) chain.unshift(ctx)
    return chain
  }

  /**
   * The value of a per-context setting here: this context's own, else (compilers, formatter, reply
   * serializer) the one in effect when it loaded, else (the others) the nearest ancestor's now.
   */
  inherited<K extends SnapshotSetting | 'notFoundHandler' | 'genReqId' | 'childLoggerFactory'> (key: K): ContextState[K] {
    if (key in this.loadedWith) return (this[key] ?? this.loadedWith[key as SnapshotSetting]) as ContextState[K]
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
    return this.server.schemaController?.[key] ?? null
  }

  hasPlugin (name: string): boolean {
    // As in Fastify, a context also has the plugins it is named by: its own and the wrapped ones loaded into it.
    if (this.pluginNames.includes(name)) return true
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

/**
 * The hooks of one application kind in Fastify's order: a context's own, then each child context's in
 * registration order, depth first (a wrapped plugin's hooks are its parent's).
 */
export function hooksInTreeOrder (context: ContextState, name: 'onReady' | 'preClose', into: HookEntry[] = []): HookEntry[] {
  for (const hook of context.hooks[name]) into.push(hook)
  for (const child of context.children) hooksInTreeOrder(child, name, into)
  return into
}
