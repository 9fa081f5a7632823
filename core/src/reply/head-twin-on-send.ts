/**
 * The onSend step of a GET route's automatic HEAD route, in the twin's route options where onRoute
 * hooks find it, as Fastify puts it there: after the route's own onSend hooks, before those the
 * hooks append (@fastify/compress appends its compression step to every route).
 */
import { dropHeadTwinPayload } from './write-payload.js'
import type { Reply } from './reply-state.js'
import type { HookEntry } from '../lifecycle/hooks.js'

type OnSendDone = (error: null, payload: unknown) => void

/** Named as Fastify names it: printRoutes() and onRoute hooks show it by this name. */
export function headRouteOnSendHandler (_request: unknown, reply: Reply, payload: unknown, done: OnSendDone): void {
  done(null, dropHeadTwinPayload(reply, payload))
}

/** The twin's onSend option: the GET route's own, then the twin's step. */
export function withHeadTwinOnSend (onSend: unknown): unknown {
  if (onSend === undefined || onSend === null) return headRouteOnSendHandler
  return Array.isArray(onSend) ? [...(onSend as unknown[]), headRouteOnSendHandler] : [onSend, headRouteOnSendHandler]
}

/**
 * The twin's onSend hooks without its step when that step comes last: the reply writer answers a
 * twin the same way at the end, so the common route keeps no hook (nor the cost of one). Where
 * onRoute hooks added hooks after it, it stays and runs in its place.
 */
export function withoutTrailingHeadTwinStep (hooks: HookEntry[] | undefined): HookEntry[] | undefined {
  if (hooks === undefined || hooks.length === 0 || hooks[hooks.length - 1]!.fn !== headRouteOnSendHandler) return hooks
  return hooks.length === 1 ? undefined : hooks.slice(0, -1)
}
