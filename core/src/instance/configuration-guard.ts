/** The check that refuses a configuration call once the server has started, with Fastify's error for each kind of call. */
import { errorCodes } from '../errors/codes.js'
import type { ContextState } from './context-state.js'

export function assertNotStarted (context: ContextState, what: string): void {
  if (context.server.configurationClosed) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING(`Cannot call "${what}"!`)
}

/**
 * Fastify's own error for the content-type parser methods after start. Refused from ready() on, even
 * in the tick Fastify 5 still takes them: each route's parsers are compiled at ready(), and a parser
 * taken then would silently never run.
 */
export function assertParsersOpen (context: ContextState, what: string): void {
  if (context.server.configLocked) throw new errorCodes.FST_ERR_CTP_INSTANCE_ALREADY_STARTED(what)
}
