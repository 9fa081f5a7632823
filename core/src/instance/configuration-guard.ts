/** The check that refuses a configuration call once the server has started, with Fastify's error for each kind of call. */
import { errorCodes } from '../errors/codes.js'
import type { ContextState } from './context-state.js'

export function assertNotStarted (context: ContextState, what: string): void {
  if (context.server.configurationClosed) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING(`Cannot call "${what}"!`)
}

/**
 * Fastify's own error for the content-type parser methods after start. Fastify 5 still takes them in
 * the tick after ready(), as other configuration calls, and the routes of the context parse with
 * the change (parser-methods.ts).
 */
export function assertParsersOpen (context: ContextState, what: string): void {
  if (context.server.configurationClosed) throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED(what)
}
