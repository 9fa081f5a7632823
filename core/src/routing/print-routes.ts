/** printRoutes(): find-my-way's route tree with the metadata Fastify 4.29 shows for each route (includeHooks, includeMeta). */
import type * as Router from 'find-my-way'
import { RouteContext } from './route-context.js'
import { hooksOf } from './compile-route.js'
import { defaultErrorHandler } from '../reply/error-handler.js'
import type { RequestHookName } from '../lifecycle/hooks.js'

type PrintOptions = Parameters<Router.Instance<Router.HTTPVersion.V1>['prettyPrint']>[0]

/** Fastify 4.29's hook names in the order printRoutes shows them. */
const printedHooks: RequestHookName[] = [
  'onTimeout', 'onRequest', 'preParsing', 'preValidation', 'preSerialization', 'preHandler', 'onSend', 'onResponse', 'onError', 'onRequestAbort'
]

// Shown, by its name, as the last onSend hook of an automatic HEAD route, as Fastify 4.29 lists it.
function headRouteOnSendHandler (): void {}

/**
 * The error handler in effect, named as Fastify 4.29 prints it: `name()`, `bound name()` for one set
 * with setErrorHandler (`bound ()` when anonymous), `defaultErrorHandler()` without either.
 */
function errorHandlerShown (route: RouteContext): string {
  const own = route.options.errorHandler
  if (typeof own === 'function') return `${own.name}()`
  const inherited = (route.loadedErrorHandlers ?? route.context.errorHandlers)[0]
  return inherited === undefined ? `${defaultErrorHandler.name}()` : `bound ${inherited.fn.name}()`
}

/**
 * find-my-way's buildPrettyMeta: what `includeMeta` may show of a route — its error handler,
 * its logLevel ('' when unset) and, once the plugins have loaded, each hook list (the functions as
 * given), in Fastify's order.
 */
export function prettyMetaOf (route: { store?: unknown }): Record<string, unknown> {
  const store = route.store
  if (!(store instanceof RouteContext)) return {}
  const logLevel = store.options.logLevel
  const meta: Record<string, unknown> = {
    errorHandler: errorHandlerShown(store),
    logLevel: logLevel === undefined || logLevel === '' ? store.context.logLevel ?? '' : logLevel
  }
  // Fastify gives a route its hook lists (its own and the HEAD route's onSend too) once every plugin
  // has loaded: printed earlier, a route shows none, and a GET and its HEAD share one line.
  if (!store.context.server.booted) return meta
  const lineage = store.context.lineage()
  for (const name of printedHooks) {
    const functions: unknown[] = (hooksOf(store, lineage, name) ?? []).map((entry) => entry.fn)
    if (name === 'onSend' && store.isAutoHead) functions.push(headRouteOnSendHandler)
    if (functions.length > 0) meta[name] = functions
  }
  return meta
}

/** `includeHooks: true` is Fastify's shorthand for every hook list, before the `includeMeta` keys. */
export function printRoutes (router: Router.Instance<Router.HTTPVersion.V1>, options: Record<string, unknown> | undefined): string {
  if (options?.includeHooks === true) {
    const extra = options.includeMeta
    options = { ...options, includeMeta: extra === undefined || extra === false ? printedHooks : printedHooks.concat(extra as RequestHookName[]) }
  }
  return router.prettyPrint(options as PrintOptions)
}
