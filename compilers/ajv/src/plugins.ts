import type { Ajv } from 'ajv'
import { AjvCompilerError } from './errors.js'
import { pointFormatsAtFastify4, useFastify4TimeFormats } from './fastify4-formats.js'
import { loadAjvFormats } from './load-ajv.js'
import type { AjvPlugin, AjvPluginEntry } from './types.js'

function pluginOf (entry: AjvPluginEntry): AjvPlugin {
  const plugin: unknown = typeof entry === 'function' ? entry : Array.isArray(entry) ? entry[0] : undefined
  if (typeof plugin !== 'function') {
    throw new AjvCompilerError(
      'ENC_ERR_AJV_INVALID_PLUGIN',
      'Each entry of the plugins option must be an Ajv plugin function or a [plugin, options] pair.'
    )
  }
  return plugin as AjvPlugin
}

/**
 * Identity catches our own copy of ajv-formats; the function name catches another copy of it
 * (a different version or a bundled one), which is how users already tell Fastify's compiler
 * that they configured formats themselves.
 */
export function isFormatsPlugin (plugin: AjvPlugin): boolean {
  return plugin === loadAjvFormats() || plugin.name === 'formatsPlugin'
}

export function applyPlugins (ajv: Ajv, entries: readonly AjvPluginEntry[], optionalTimezone = false): void {
  const userConfiguresFormats = entries.some(function configuresFormats (entry) {
    return isFormatsPlugin(pluginOf(entry))
  })
  // Before the user's plugins: ajv.addFormat overwrites, so a format a plugin defines must win
  // over the stock one rather than be silently replaced by it.
  if (!userConfiguresFormats) {
    if (optionalTimezone) pointFormatsAtFastify4(ajv)
    loadAjvFormats()(ajv)
    // A user's own ajv-formats is taken as configured: its `time` and `date-time` are left alone.
    if (optionalTimezone) useFastify4TimeFormats(ajv)
  }
  for (const entry of entries) {
    const plugin = pluginOf(entry)
    if (typeof entry === 'function') plugin(ajv)
    else plugin(ajv, entry[1])
  }
}
