/** avvio's `override`: the instance a plugin receives, a new child context unless the plugin is wrapped (skip-override). */
import { showChildMembersAsOwn } from './own-members.js'
import { kOptionsFactory, kSkipOverride } from '../symbols.js'
import { ContextState, contextOf, type RuntimeInstance } from './context-state.js'
import { joinContextPrefix } from '../routing/prefix.js'
import { contextLogger, serializersOf } from '../logging/request-logger.js'
import { checkPluginMeta, declaredNameOf, pluginNameOf, checkMixedPluginStyles, type PluginFunction } from './plugin-meta.js'
import { isDeferred, resolveOptions } from './plugin-options.js'
import { restoreNameAtRegistration } from './promised-plugin-name.js'

/** A plugin as avvio hands it to `override`, with fastify-plugin's skip-override marker. */
interface LoadingPlugin extends PluginFunction {
  [kSkipOverride]?: unknown
}

/**
 * A wrapped plugin registers straight into its parent, so what it adds (decorators, hooks) is
 * visible beside it, as fastify-plugin's are (docs/encapsulation.md);
 * every other plugin gets a child context: its own prefix, log level and log serializers.
 */
export function override (parent: RuntimeInstance, fn: LoadingPlugin, options: unknown): RuntimeInstance {
  const deferred = isDeferred(options)
  const opts = deferred ? undefined : options
  const name = pluginNameOf(fn)
  const parentContext = contextOf(parent)
  if (parentContext.server.profile.name === 'fastify') restoreNameAtRegistration(parentContext.server.avvio)
  // Counted as registered before its needs are checked, as in Fastify: a plugin may name itself
  // among its dependencies, and its name stays registered when a check refuses it.
  const declaredName = declaredNameOf(fn)
  if (declaredName !== undefined) parentContext.registeredPlugins.push(declaredName)
  checkMixedPluginStyles(fn, parentContext.server.profile.api)
  checkPluginMeta(parent, fn, name)
  if (fn[kSkipOverride] === true) {
    parentContext.pluginNames.push(name)
    resolveOptions(parent, options)
    return parent
  }
  // An options function's own `prefix`, `logLevel` and `logSerializers` shape the child before the
  // function runs (it receives the child), as in Fastify: @fastify/autoload's `autoConfig` sets them so.
  const given = (deferred ? options[kOptionsFactory] : opts !== null && typeof opts === 'object' ? opts : {}) as Record<string, unknown>
  const prefix = joinContextPrefix(parentContext.prefix, given.prefix, parentContext.server.profile.api)
  const logLevel = typeof given.logLevel === 'string' ? given.logLevel : undefined
  const logSerializers = serializersOf(given.logSerializers, `plugin ${name}`)
  const logger = contextLogger(parentContext.logger, logLevel, logSerializers)
  const instance = Object.create(parent) as RuntimeInstance
  showChildMembersAsOwn(instance)
  const context = new ContextState(parentContext.server, parentContext, instance, prefix, name, logger, logLevel ?? parentContext.logLevel)
  context.logSerializers = logSerializers
  // onRegister hooks get the options as register() was given them (the function, when one was), as in Fastify.
  for (const ctx of parentContext.lineage()) {
    for (const hook of ctx.hooks.onRegister) hook.fn.call(hook.instance, instance, given)
  }
  if (deferred) resolveOptions(instance, options)
  return instance
}
