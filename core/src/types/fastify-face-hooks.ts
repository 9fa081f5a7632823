// The hook handler signatures both Fastify faces declare: Fastify 4.29 and 5.12 call each hook with
// the same arguments in the same order. What differs between the faces is the instance, request,
// reply and error types these are given (Fastify 5 puts the route generic first in FastifyReply,
// and each face has its own `@fastify/error` major); each face's hook interfaces (`onRequestHookHandler`
// …) keep Fastify's type parameters and extend these with its own types.

/** The `done` callback of a hook: call it with nothing, or with the error that stops the request. */
export type HookDoneFunction<DefaultError extends Error> = <TError extends Error = DefaultError>(err?: TError) => void

/** The raw request stream a preParsing hook receives and may replace. */
export type RequestPayload = NodeJS.ReadableStream & { receivedEncodedLength?: number }

/** The `done` callback of preSerialization and onSend: an error, or `null` and the payload to send instead. */
export interface PayloadDoneFunction<DefaultError extends Error> {
  (): void
  <TError extends Error = DefaultError>(err: TError): void
  (err: null, res: unknown): void
}

/** onRequest, preValidation, preHandler, onResponse and onTimeout, callback style. */
export interface RequestHookCallback<Instance, Request, Reply, DefaultError extends Error> {
  (this: Instance, request: Request, reply: Reply, done: HookDoneFunction<DefaultError>): void
}
/** onRequest, preValidation, preHandler, onResponse and onTimeout, as an async function. */
export interface RequestHookAsync<Instance, Request, Reply> {
  (this: Instance, request: Request, reply: Reply): Promise<unknown>
}

export interface PreParsingHookCallback<Instance, Request, Reply, DefaultError extends Error> {
  (
    this: Instance, request: Request, reply: Reply, payload: RequestPayload,
    done: <TError extends Error = DefaultError>(err?: TError | null, res?: RequestPayload) => void
  ): void
}
/** Resolves to the stream the body is read from (the one given, or a replacement). */
export interface PreParsingHookAsync<Instance, Request, Reply> {
  (this: Instance, request: Request, reply: Reply, payload: RequestPayload): Promise<RequestPayload | unknown>
}

/** preSerialization and onSend, callback style: `done` may pass on another payload. */
export interface PayloadHookCallback<Instance, Request, Reply, Payload, DefaultError extends Error> {
  (this: Instance, request: Request, reply: Reply, payload: Payload, done: PayloadDoneFunction<DefaultError>): void
}
/** preSerialization and onSend as an async function: what it resolves to (if not undefined) replaces the payload. */
export interface PayloadHookAsync<Instance, Request, Reply, Payload> {
  (this: Instance, request: Request, reply: Reply, payload: Payload): Promise<unknown>
}

export interface ErrorHookCallback<Instance, Request, Reply, TError> {
  (this: Instance, request: Request, reply: Reply, error: TError, done: () => void): void
}
export interface ErrorHookAsync<Instance, Request, Reply, TError> {
  (this: Instance, request: Request, reply: Reply, error: TError): Promise<unknown>
}

/** onRequestAbort: the client went away, so there is no reply to write. */
export interface AbortHookCallback<Instance, Request, DefaultError extends Error> {
  (this: Instance, request: Request, done: HookDoneFunction<DefaultError>): void
}
export interface AbortHookAsync<Instance, Request> {
  (this: Instance, request: Request): Promise<unknown>
}

/** onRoute: sees (and may change) each route's options as it is declared. */
export interface RouteHook<Instance, Options> {
  (this: Instance, opts: Options & { routePath: string, path: string, prefix: string }): Promise<unknown> | void
}

/** onReady, onListen and preClose, callback style. */
export interface ApplicationHookCallback<Instance, DefaultError extends Error> {
  (this: Instance, done: HookDoneFunction<DefaultError>): void
}
/** onReady, onListen and preClose, as an async function. */
export interface ApplicationHookAsync<Instance> {
  (this: Instance): Promise<unknown>
}

/** onClose receives the instance being closed. */
export interface CloseHookCallback<Instance, DefaultError extends Error> {
  (this: Instance, instance: Instance, done: HookDoneFunction<DefaultError>): void
}
export interface CloseHookAsync<Instance> {
  (this: Instance, instance: Instance): Promise<unknown>
}

/** The hooks run for each request, and those run once in the application's life. */
export type LifecycleHook = 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler' | 'preSerialization' | 'onSend' | 'onResponse' | 'onRequestAbort' | 'onTimeout' | 'onError'
export type ApplicationHook = 'onRoute' | 'onRegister' | 'onReady' | 'onListen' | 'onClose' | 'preClose'
