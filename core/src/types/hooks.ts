import type { Readable } from 'node:stream'
import type { EnclaveInstance } from './instance.js'
import type { EnclaveReply } from './reply.js'
import type { EnclaveRequest } from './request.js'
import type { ReplyDecorationsOf, RequestDecorationsOf } from './decorations.js'
import type { EnclavePluginOptions } from './plugin.js'
import type { RouteOptions } from './route.js'
import type { ReplyPayload, ReplyTable, ResolveRequestParts, RouteGeneric } from './route-types.js'
import type { HttpPart, ValidationIssue } from './schema.js'

/** What error handlers and onError hooks receive: an Error carrying Enclave's (and Fastify's) fields. */
export interface EnclaveHandledError extends Error {
  code: string
  statusCode?: number
  validation?: ValidationIssue[]
  validationContext?: HttpPart
}

/** The request of a route declared on `I`: its own parts, plus what `decorateRequest` added to `I`. */
export type RouteRequest<I, G extends RouteGeneric = RouteGeneric, S = unknown, Path extends string = string> =
  EnclaveRequest<G, ResolveRequestParts<G, S, Path>> & RequestDecorationsOf<I>
/** The reply of a route declared on `I`, with what `decorateReply` added to `I`. */
export type RouteReply<I, G extends RouteGeneric = RouteGeneric, S = unknown> = ReplyOfTable<I, G, ReplyTable<G, S>>
type ReplyOfTable<I, G extends RouteGeneric, Table> =
  EnclaveReply<G, Table, ReplyPayload<Table, unknown>, ReplyDecorationsOf<I>> & ReplyDecorationsOf<I>

export type HookDone = (error?: Error | null) => void
export type PayloadDone<P = unknown> = (error?: Error | null, payload?: P) => void
/** The raw request stream a preParsing hook may replace. */
export type RequestPayload = Readable

/**
 * Request lifecycle hooks: each may take `done` or return a promise (not both). On an instance
 * (`addHook`) they see every route, so request parts are `unknown`; in route options they see the
 * route's own types.
 */
export interface RequestHooks<I = EnclaveInstance, G extends RouteGeneric = RouteGeneric, S = unknown, Path extends string = string> {
  onRequest: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, done: HookDone) => unknown
  preParsing: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, payload: RequestPayload, done: PayloadDone) => unknown
  preValidation: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, done: HookDone) => unknown
  preHandler: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, done: HookDone) => unknown
  preSerialization: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, payload: unknown, done: PayloadDone) => unknown
  onSend: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, payload: unknown, done: PayloadDone) => unknown
  onResponse: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, done: HookDone) => unknown
  onError: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, error: EnclaveHandledError, done: () => void) => unknown
  onTimeout: (this: I, request: RouteRequest<I, G, S, Path>, reply: RouteReply<I, G, S>, done: HookDone) => unknown
  onRequestAbort: (this: I, request: RouteRequest<I, G, S, Path>, done: HookDone) => unknown
}

/** What onRoute hooks receive (and may rewrite) for each route declared after them. */
export interface OnRouteOptions extends RouteOptions<RouteGeneric, any, any> {
  url: string
  path: string
  routePath: string
  prefix: string
}

/** Hooks of the application's life, run once rather than per request. */
export interface ApplicationHooks<I = EnclaveInstance> {
  onRoute: (this: I, routeOptions: OnRouteOptions) => unknown
  onRegister: (this: I, instance: I, options: EnclavePluginOptions) => unknown
  onReady: (this: I, done: HookDone) => unknown
  onListen: (this: I, done: HookDone) => unknown
  preClose: (this: I, done: HookDone) => unknown
  onClose: (this: I, instance: I, done: HookDone) => unknown
}

export interface Hooks<I = EnclaveInstance> extends RequestHooks<I>, ApplicationHooks<I> {}
export type HookName = keyof Hooks
export type HookHandler<N extends HookName = HookName, I = EnclaveInstance> = Hooks<I>[N]

/** A route-level hook option: one hook or a list of them. */
export type RouteHookOption<N extends keyof RequestHooks, I, G extends RouteGeneric, S, Path extends string> =
  RequestHooks<I, G, S, Path>[N] | Array<RequestHooks<I, G, S, Path>[N]>
