import { createHookStore, type HookStore } from '../lifecycle/hooks.js'
import { SchemaStore } from '../schema/schema-store.js'
import { ParserStore } from '../request/body-parsers.js'
import { buildRequestClass, type RequestClass } from '../request/request.js'
import { buildReplyClass, type ReplyClass } from '../reply/reply.js'
import type { EnclaveLogger } from '../logging/logger.js'
import type { ServerState } from './server-state.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

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
  readonly pluginNames: string[] = []
  readonly hooks: HookStore = createHookStore()
  readonly schemas: SchemaStore
  readonly parsers: ParserStore
  readonly Request: RequestClass
  readonly Reply: ReplyClass
  readonly children: ContextState[] = []
  readonly routes: RouteContext[] = []
  readonly ownDecorators: { instance: string[], request: string[], reply: string[] } = { instance: [], request: [], reply: [] }
  errorHandler: AnyFunction | null = null
  notFoundHandler: { handler: AnyFunction, options: Record<string, unknown> } | null = null
  validatorCompiler: AnyFunction | null = null
  serializerCompiler: AnyFunction | null = null
  schemaErrorFormatter: AnyFunction | null = null
  replySerializer: AnyFunction | null = null
  logger: EnclaveLogger
  logLevel: string | undefined
  loaded = false

  constructor (server: ServerState, parent: ContextState | null, prefix: string, pluginName: string, logger: EnclaveLogger, logLevel?: string) {
    this.server = server
    this.parent = parent
    this.prefix = prefix
    this.pluginName = pluginName
    this.logger = logger
    this.logLevel = logLevel
    this.schemas = new SchemaStore(parent === null ? null : parent.schemas)
    this.parsers = new ParserStore(parent === null ? null : parent.parsers)
    this.Request = buildRequestClass(parent === null ? null : parent.Request)
    this.Reply = buildReplyClass(parent === null ? null : parent.Reply)
    if (parent !== null) parent.children.push(this)
  }

  /** Contexts from the root down to this one. */
  lineage (): ContextState[] {
    const chain: ContextState[] = []
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) chain.unshift(ctx)
    return chain
  }

  /** The nearest own value of a per-context setting, looking up through the parents. */
  inherited<K extends 'errorHandler' | 'validatorCompiler' | 'serializerCompiler' | 'schemaErrorFormatter' | 'replySerializer' | 'notFoundHandler'> (key: K): ContextState[K] {
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) {
      if (ctx[key] !== null) return ctx[key]
    }
    return null as ContextState[K]
  }

  hasPlugin (name: string): boolean {
    for (let ctx: ContextState | null = this; ctx !== null; ctx = ctx.parent) {
      if (ctx.pluginNames.includes(name)) return true
    }
    return false
  }
}
