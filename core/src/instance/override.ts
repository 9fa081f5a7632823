import { errorCodes } from '../errors/codes.js'
import { kContext, kSkipOverride, kDisplayName, kPluginMeta } from '../symbols.js'
import { ContextState } from './context-state.js'
import { joinContextPrefix } from '../routing/route.js'
import { childLogger } from '../logging/logger.js'
import { satisfiesRange } from './version-range.js'

/** The version Enclave answers to plugins that check Fastify's (fastify-plugin's `fastify` range). */
export const fastifyCompatVersion = '4.29.1'

export function pluginNameOf (fn: any, options?: unknown): string {
  const meta = fn[kPluginMeta]
  if (meta !== undefined && typeof meta.name === 'string') return meta.name
  if (typeof fn[kDisplayName] === 'string') return fn[kDisplayName]
  if (options !== null && typeof options === 'object' && typeof (options as any).name === 'string') return (options as any).name
  return fn.name !== '' ? fn.name : 'anonymous'
}

function isAsyncFunction (fn: any): boolean {
  return fn.constructor?.name === 'AsyncFunction'
}

/** Checks a wrapped plugin's declared needs (version, decorators, dependencies) before it loads. */
function checkPluginMeta (parent: any, fn: any, name: string): void {
  const meta = fn[kPluginMeta]
  if (meta === undefined || meta === null || typeof meta !== 'object') return
  const context: ContextState = parent[kContext]
  const range = meta.fastify
  if (typeof range === 'string' && !satisfiesRange(fastifyCompatVersion, range)) {
    throw new errorCodes.FST_ERR_PLUGIN_VERSION_MISMATCH(name, range, fastifyCompatVersion)
  }
  const decorators = meta.decorators
  if (decorators !== undefined && decorators !== null) {
    const checks: Array<[string, object]> = [
      ['fastify', parent],
      ['request', context.Request.prototype],
      ['reply', context.Reply.prototype]
    ]
    for (const [kind, holder] of checks) {
      for (const decorator of decorators[kind] ?? []) {
        if (!(decorator in holder)) {
          throw new errorCodes.FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE(String(decorator), name, kind === 'fastify' ? 'the instance' : kind)
        }
      }
    }
  }
  for (const dependency of meta.dependencies ?? []) {
    if (!context.hasPlugin(dependency)) throw new errorCodes.FST_ERR_PLUGIN_DEPENDENCY_MISSING(dependency, name)
  }
}

/**
 * avvio's `override`: the instance a plugin receives. A new child context, unless the plugin is
 * wrapped (skip-override), in which case it registers straight into its parent (spec rule 6).
 */
export function override (parent: any, fn: any, options: unknown): any {
  const name = pluginNameOf(fn, options)
  if (isAsyncFunction(fn) && fn.length >= 3) throw new errorCodes.FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER(name)
  checkPluginMeta(parent, fn, name)
  const parentContext: ContextState = parent[kContext]
  if (fn[kSkipOverride] === true) {
    parentContext.pluginNames.push(name)
    return parent
  }
  const opts = (options !== null && typeof options === 'object' ? options : {}) as Record<string, unknown>
  const prefix = joinContextPrefix(parentContext.prefix, opts.prefix)
  const logLevel = typeof opts.logLevel === 'string' ? opts.logLevel : undefined
  const logger = logLevel === undefined ? parentContext.logger : childLogger(parentContext.logger, logLevel, {})
  const instance = Object.create(parent)
  const context = new ContextState(parentContext.server, parentContext, prefix, name, logger, logLevel ?? parentContext.logLevel)
  context.instance = instance
  context.pluginNames.push(name)
  instance[kContext] = context
  for (const ctx of parentContext.lineage()) {
    for (const hook of ctx.hooks.onRegister) hook.fn.call(hook.instance, instance, opts)
  }
  return instance
}
