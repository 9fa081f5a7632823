/**
 * What `request[kRouteContext]` and `reply[kRouteContext]` (Fastify's `lib/symbols`) show: the part
 * of Fastify's route context that plugins' own test suites read — the route's hook lists (each an
 * array of the hooks that run, bound to the route's instance as Fastify binds them, or null when there
 * are none), `config` and `schema`. Built on the first read and kept on the route, so requests pay nothing.
 */
import type { RouteContext } from '../routing/route-context.js'
import type { HookChain } from '../lifecycle/run-hooks.js'
import type { HookEntry } from '../lifecycle/hooks.js'
import type { AnyFunction } from '../types/internal.js'

type HookList = AnyFunction[] | null

export interface FastifyContextView {
  config: Record<string, unknown>
  schema: unknown
  onRequest: HookList
  preParsing: HookList
  preValidation: HookList
  preHandler: HookList
  preSerialization: HookList
  onSend: HookList
  onResponse: HookList
  onError: HookList
  onTimeout: HookList
  onRequestAbort: HookList
}

const views = new WeakMap<RouteContext, FastifyContextView>()

export function fastifyContextOf (route: RouteContext): FastifyContextView {
  let view = views.get(route)
  if (view === undefined) {
    view = {
      config: route.config,
      schema: route.schema,
      onRequest: chainList(route.onRequest),
      preParsing: chainList(route.preParsing),
      preValidation: chainList(route.preValidation),
      preHandler: chainList(route.preHandler),
      preSerialization: chainList(route.preSerialization),
      onSend: chainList(route.onSend),
      onResponse: chainList(route.onResponse),
      onError: chainList(route.onError),
      onTimeout: chainList(route.onTimeout),
      onRequestAbort: route.onRequestAbort === null ? null : route.onRequestAbort.map(bound)
    }
    views.set(route, view)
  }
  return view
}

function chainList (chain: HookChain | null): HookList {
  return chain === null ? null : chain.hooks.map(bound)
}

function bound (hook: Pick<HookEntry, 'fn' | 'instance'>): AnyFunction {
  return (hook.fn as AnyFunction).bind(hook.instance)
}
