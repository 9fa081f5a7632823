/** The decorator methods of an instance (decorate*, has*Decorator, getDecorator) and hasPlugin. */
import { addDecorator, hasDecorator, isEnclaveOnlyMember } from './decorate.js'
import { getDecorator } from '../util/decorator-access.js'
import { contextOf } from './context-state.js'
import { errorCodes } from '../errors/codes.js'
import type { MethodGroup } from './method-table.js'

export const decoratorMethods = {
  decorate (name: unknown, value?: unknown, dependencies?: unknown) {
    addDecorator(this, 'instance', name, value, dependencies)
    return this
  },
  decorateRequest (name: unknown, value?: unknown, dependencies?: unknown) {
    addDecorator(this, 'request', name, value, dependencies)
    return this
  },
  decorateReply (name: unknown, value?: unknown, dependencies?: unknown) {
    addDecorator(this, 'reply', name, value, dependencies)
    return this
  },
  hasDecorator (name: string | symbol) { return hasDecorator(this, 'instance', name) },
  hasRequestDecorator (name: string | symbol) { return hasDecorator(this, 'request', name) },
  hasReplyDecorator (name: string | symbol) { return hasDecorator(this, 'reply', name) },
  getDecorator (name: string | symbol) {
    // app.fetch is not a decoration (see decorate.ts): as in Fastify 5, only a decoration of the name is there to get.
    if (isEnclaveOnlyMember('instance', name) && !hasDecorator(this, 'instance', name)) throw new errorCodes.FST_ERR_DEC_UNDECLARED(String(name), 'instance')
    return getDecorator(this, 'instance', name)
  },
  hasPlugin (name: string) { return contextOf(this).hasPlugin(name) }
} satisfies MethodGroup
