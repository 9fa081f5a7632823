/** The HEAD route added for each GET route (exposeHeadRoutes / exposeHeadRoute), and how a HEAD route the user declares takes its place. */
import { joinPaths } from './prefix.js'
import { warnings } from '../errors/warnings.js'
import { withHeadTwinOnSend } from '../reply/head-twin-on-send.js'
import type { RouteConstraints, RouteContext, RouteOptions } from './route-context.js'
import type { ServerState } from '../instance/server-state.js'
import type { Profile } from '../profile.js'

/**
 * Whether a route declaration adds a HEAD twin: a GET route that does not also declare HEAD, when
 * its `exposeHeadRoute` (else the server's `exposeHeadRoutes`) says so. The twin itself adds none.
 * Fastify 4.29 looks for GET in the method as written (`'get'` declares no twin); its face too.
 */
export function addsHeadTwin (options: RouteOptions, methods: string[], autoHead: boolean, writtenMethod: unknown, profile: Profile): boolean {
  if (options.exposeHeadRoute !== true || autoHead || !methods.includes('GET') || methods.includes('HEAD')) return false
  if (profile.name === 'fastify' && profile.api === 4) return writtenMethod === 'GET' || (Array.isArray(writtenMethod) && writtenMethod.includes('GET'))
  return true
}

/**
 * The twin's options: those the user gave, before onRoute hooks rewrote them (the twin goes
 * through onRoute like every route, as in Fastify), on HEAD and the URL as written, with the
 * twin's own onSend step after the route's hooks.
 */
export function headTwinOptions (given: Record<string, unknown>, url: string): Record<string, unknown> {
  given.method = 'HEAD'
  given.url = url
  given.path = url
  given.onSend = withHeadTwinOnSend(given.onSend)
  return given
}

/**
 * Where the twin of one of a GET route's paths goes. As in Fastify, the twin is declared with the
 * method HEAD and the part of the GET path after the prefix, joined to the prefix once more: one
 * slash is dropped again where the prefix ends in '/' and that part starts with one. So a '/' route
 * under `/v1/` has its twins on `/v1/` alone, and `//d` under `/v1/` answers GET on `/v1//d` and
 * HEAD on `/v1/d`.
 */
export function headTwinPath (prefix: string, path: string): string {
  return prefix === '' ? path : joinPaths(prefix, path.slice(prefix.length))
}

/**
 * Fastify 4's FSTDEP007: a route that asks for a HEAD twin itself (`exposeHeadRoute: true`, not
 * the server's default) where a HEAD route is already declared. Checked before the route is added.
 */
export function warnIfHeadTwinTaken (ownFlag: unknown, autoHead: boolean, server: ServerState, paths: string[], constraints: RouteConstraints | undefined): void {
  if (ownFlag !== true || autoHead) return
  for (const path of paths) {
    if (headTaken(server, path, constraints)) {
      warnings.FSTDEP007()
      return
    }
  }
}

/** A HEAD route already answers this path: the automatic twin gives way to it. */
export function headTaken (server: ServerState, path: string, constraints: RouteConstraints | undefined): boolean {
  return declaredHead(server, path, constraints ?? {}) !== null
}

/**
 * The HEAD route declared on `path`. find-my-way 9.10.2 normalizes the path findRoute is given as
 * on() does (duplicate and trailing slashes, when ignored); Fastify 4.29's find-my-way 8 took it as
 * written, so on the v4 profile a path on() would rewrite has no route declared on it.
 */
function declaredHead (server: ServerState, path: string, constraints: RouteConstraints): ReturnType<ServerState['router']['findRoute']> {
  if (server.profile.api === 4 && normalizedAsDeclared(server, path) !== path) return null
  return server.router.findRoute('HEAD', path, constraints)
}

function normalizedAsDeclared (server: ServerState, path: string): string {
  let normalized = server.options.ignoreDuplicateSlashes === true ? path.replace(/\/{2,}/g, '/') : path
  if (server.options.ignoreTrailingSlash === true && normalized.length > 1 && normalized.endsWith('/')) normalized = normalized.slice(0, -1)
  return normalized
}

/** A HEAD route the user declares takes the place of the one added for a GET route. */
export function replaceAutoHead (server: ServerState, path: string, constraints: RouteConstraints): void {
  const existing = declaredHead(server, path, constraints)
  const auto = existing?.store as RouteContext | undefined
  if (auto === undefined || !auto.isAutoHead) return
  server.router.off('HEAD', path, constraints)
  removeFrom(server.routes, auto)
  removeFrom(auto.context.routes, auto)
}

function removeFrom (list: RouteContext[], route: RouteContext): void {
  const index = list.indexOf(route)
  if (index !== -1) list.splice(index, 1)
}
