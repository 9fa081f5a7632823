/**
 * Ajv and ajv-formats, loaded when the first Ajv instance is made: an app whose routes have no
 * schema (or whose validators all come from a code cache) never reads Ajv's ~60 modules.
 * `createRequire(import.meta.url)` with a literal name is what @enclave/worker-build's bundler
 * plugin turns into a bundled require.
 */
import { createRequire } from 'node:module'
import type * as ajvModule from 'ajv'
import type ajvFormatsModule from 'ajv-formats'

type AjvModule = typeof ajvModule
type AjvFormats = typeof ajvFormatsModule.default

let ajv: AjvModule | null = null
let formats: AjvFormats | null = null

export function loadAjv (): AjvModule {
  if (ajv === null) ajv = createRequire(import.meta.url)('ajv') as AjvModule
  return ajv
}

/** ajv-formats' plugin. Its module.exports is the plugin, with `.default` pointing back to it. */
export function loadAjvFormats (): AjvFormats {
  if (formats === null) formats = (createRequire(import.meta.url)('ajv-formats') as typeof ajvFormatsModule).default
  return formats
}
