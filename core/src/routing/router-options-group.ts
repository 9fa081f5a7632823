/** Fastify 5's `routerOptions` group: its defaults, and the top-level values initialConfig shows beside it. */
import type { ResolvedOptions } from '../options.js'

/** The names Fastify 5.12's schema lists under routerOptions, with their defaults, in its order. */
export const routerGroupDefaults: Readonly<Record<string, unknown>> = {
  compile: false,
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  maxParamLength: 100,
  allowUnsafeRegex: false,
  useSemicolonDelimiter: false
}

/** The router options given at the top level, for a routerOptions group: what initialConfig shows there. */
const topLevelRouterOptions = new WeakMap<object, Record<string, unknown>>()

export function rememberTopLevelRouterOptions (group: object, topLevel: Record<string, unknown>): void {
  topLevelRouterOptions.set(group, topLevel)
}

/**
 * The value initialConfig shows at the top level for a router option: with a routerOptions group,
 * Fastify 5.12 shows the top-level option as given (or its default), not the group's.
 */
export function topLevelRouterOption (options: ResolvedOptions, name: string, fallback: unknown): unknown {
  const group = options.routerOptions
  const topLevel = group !== null && typeof group === 'object' ? topLevelRouterOptions.get(group) : undefined
  if (topLevel === undefined || !(name in topLevel)) return fallback
  return topLevel[name] ?? (name === 'caseSensitive' ? true : routerGroupDefaults[name])
}
