/**
 * pino, loaded the first time logging is turned on (a `logger` option other than false, or a logger
 * instance given): an app that never logs does not pay for reading pino and its dependencies.
 * `createRequire(import.meta.url)` with a literal name is what @enclave/worker-build's bundler
 * plugin turns into a bundled require, so a Worker still carries pino.
 */
import { createRequire } from 'node:module'
import type { pino } from 'pino'

export type PinoModule = typeof pino

let loaded: PinoModule | null = null

export function loadPino (): PinoModule {
  if (loaded === null) loaded = createRequire(import.meta.url)('pino') as PinoModule
  return loaded
}
