/** `instance.initialConfig`: the options Fastify exposes there (4.29's or 5.12's list), in its order. */
import type { ResolvedOptions } from '../options.js'
import { topLevelRouterOption } from '../routing/router-options-group.js'

/**
 * The options `instance.initialConfig` exposes, in Fastify 4.29's order. Fastify shows exactly these
 * (plus `http2`, `https` and `forceCloseConnections` when given) and drops the rest — functions,
 * loggers, TLS material, `trustProxy` — so an app that logs or compares its initialConfig sees the
 * same object on both.
 */
const exposedWithDefaults = [
  'connectionTimeout', 'keepAliveTimeout', 'maxRequestsPerSocket', 'requestTimeout', 'requestIdHeader',
  'requestIdLogLabel', 'disableRequestLogging', 'bodyLimit', 'caseSensitive', 'allowUnsafeRegex',
  'ignoreTrailingSlash', 'ignoreDuplicateSlashes', 'jsonShorthand', 'maxParamLength', 'onProtoPoisoning',
  'onConstructorPoisoning', 'pluginTimeout', 'http2SessionTimeout', 'exposeHeadRoutes', 'useSemicolonDelimiter'
] as const

/** Fastify 5.12's list and order: no `jsonShorthand` (removed in v5), `handlerTimeout` (new in v5). */
const exposedWithDefaultsV5 = [
  'bodyLimit', 'connectionTimeout', 'keepAliveTimeout', 'maxRequestsPerSocket', 'requestTimeout', 'requestIdHeader',
  'handlerTimeout', 'caseSensitive', 'allowUnsafeRegex', 'ignoreTrailingSlash', 'ignoreDuplicateSlashes', 'disableRequestLogging',
  'maxParamLength', 'onProtoPoisoning', 'onConstructorPoisoning', 'pluginTimeout', 'requestIdLogLabel',
  'http2SessionTimeout', 'exposeHeadRoutes', 'useSemicolonDelimiter'
] as const

const exposedWhenGiven = new Set<string>(['http2', 'https', 'forceCloseConnections', 'constraints'])
const exposedWhenGivenV5 = new Set<string>([...exposedWhenGiven, 'routerOptions'])
const exposed = new Set<string>(exposedWithDefaults)
const exposedV5 = new Set<string>(exposedWithDefaultsV5)
const hiddenButReadable = ['ajv', 'validator'] as const

/**
 * A copy of `value` frozen all the way down (plain objects and arrays; functions and class instances
 * are kept as they are), so the app's own options object stays writable.
 */
function frozenCopy (value: unknown): unknown {
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy))
  if (value === null || typeof value !== 'object') return value
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return value
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) copy[key] = frozenCopy((value as Record<string, unknown>)[key])
  return Object.freeze(copy)
}

function shown (name: string, given: Readonly<Record<string, unknown>>, options: ResolvedOptions): unknown {
  // An option Fastify shows only when given keeps its place and value even when given as undefined.
  if (exposedWhenGivenV5.has(name) && given[name] === undefined) return undefined
  if (name === 'constraints') return frozenCopy(given.constraints)
  if (name === 'routerOptions') return frozenCopy(options.routerOptions)
  const value = topLevelRouterOption(options, name, options[name])
  // Header names are case-insensitive; Fastify keeps this one lower-cased.
  if (name === 'requestIdHeader') return typeof value === 'string' ? value.toLowerCase() : value
  if (name !== 'https') return value
  // Fastify shows that TLS is on, never the keys; only allowHTTP1 is kept.
  const https = options.https as Record<string, unknown> | null | undefined
  return https !== null && typeof https === 'object' && 'allowHTTP1' in https ? Object.freeze({ allowHTTP1: Boolean(https.allowHTTP1) }) : true
}

/**
 * `initialConfig` as Fastify builds it: the options the app gave first (in its order, those given as
 * undefined included), then the defaults; frozen all the way down.
 */
export function buildInitialConfig (given: Readonly<Record<string, unknown>>, options: ResolvedOptions, api: 4 | 5): Readonly<Record<string, unknown>> {
  const config: Record<string, unknown> = {}
  const names = api === 5 ? exposedWithDefaultsV5 : exposedWithDefaults
  const shownNames = api === 5 ? exposedV5 : exposed
  const whenGiven = api === 5 ? exposedWhenGivenV5 : exposedWhenGiven
  for (const name of Object.keys(given)) {
    if (!(shownNames.has(name) || whenGiven.has(name))) continue
    config[name] = shown(name, given, options)
  }
  for (const name of names) {
    if (!(name in config)) config[name] = shown(name, given, options)
  }
  // The validator option group stays readable for plugins that build their own Ajv from it
  // (@enclave/error-message), but not enumerable: the object compares and prints as Fastify's.
  for (const name of hiddenButReadable) {
    if (options[name] !== undefined) Object.defineProperty(config, name, { value: options[name], enumerable: false })
  }
  return Object.freeze(config)
}
