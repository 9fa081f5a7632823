/**
 * The markers a host reads from a wrapped plugin. They are registry symbols (`Symbol.for`), not
 * private ones, because the whole point is that independent copies of this package, core, and the
 * real fastify-plugin all agree on them without importing each other.
 */

/** `true`: register into the caller's context instead of a new child context. */
export const kSkipOverride = Symbol.for('skip-override')

/** The name shown in logs, errors and `instance.pluginName`. */
export const kDisplayName = Symbol.for('fastify.display-name')

/** The plugin's metadata (`PluginMeta`): name, version ranges, dependencies, required decorators. */
export const kPluginMeta = Symbol.for('plugin-meta')
