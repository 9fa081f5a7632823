/**
 * `tracing:fastify.request.handler:*`, as Fastify 5 documents (Hooks.md, "Diagnostics Channel
 * Hooks") and publishes it: one message per request, `{ request, reply, async, route: { url, method } }`,
 * plus `error` once the handler or an error handler failed.
 */
import { tracingChannel } from 'node:diagnostics_channel'
import type { Reply } from '../reply/reply-state.js'
import type { RuntimeRequest } from '../request/request.js'

// Annotated so the declarations spell no type arguments of Node's TracingChannel: @types/node 20
// orders them (store, context) and @types/node 26 (context, store), each constraining context to an
// object, and an app checks these declarations (skipLibCheck off) under its own @types/node.
export const handlerTracing: ReturnType<typeof tracingChannel> = tracingChannel('fastify.request.handler')

export interface HandlerTrace {
  request: RuntimeRequest
  reply: Reply
  async: boolean
  route: { url: string, method: string }
  error?: unknown
}

/**
 * `error`, with the status the failure answers with on the reply, as Fastify 5 sets it before the
 * publish: a reply still at 200 takes `status`; any other status stays. Fastify 5 leaves it there,
 * where the error handler sees it (so does the v5 face); on enclave() and the v4 face (`restore`)
 * a subscriber never changes what an error handler sees or what is sent, so it is put back.
 */
export function publishFailure (trace: HandlerTrace, error: unknown, status: number, restore: boolean): void {
  trace.error = error
  const res = trace.reply.raw
  const previous = res.statusCode
  if (previous === 200) res.statusCode = status
  handlerTracing.error.publish(trace)
  if (restore) res.statusCode = previous
}
