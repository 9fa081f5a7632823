import { PluginWrapperError } from './errors.js'
import { plugin } from './plugin.js'
import { kDisplayName, kPluginMeta, kSkipOverride } from './symbols.js'

export { plugin, plugin as fp, kSkipOverride, kDisplayName, kPluginMeta, PluginWrapperError }
export type { DecoratorNames, PluginFunction, PluginMeta, PluginOptions, WrappedPlugin } from './plugin.js'
export type { CamelCase } from './camel-case.js'

// `require('@enclave/plugin')` returns this binding (Node ≥ 20.19), so CommonJS callers get the
// wrapper itself, as with `require('fastify-plugin')`; see docs/architecture.md.
const exported = Object.assign(plugin, {
  plugin,
  fp: plugin,
  default: plugin,
  kSkipOverride,
  kDisplayName,
  kPluginMeta,
  PluginWrapperError
} as const) // `as const` keeps the markers typed as their unique symbols
export default exported
export { exported as 'module.exports' }
