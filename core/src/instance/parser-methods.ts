/** The content-type parser methods of an instance, and the default JSON and text parsers it exposes. */
import { createJsonParser, defaultTextParser } from '../request/default-parsers.js'
import { assertParsersOpen } from './configuration-guard.js'
import { contextOf, serverOf, type ContextState } from './context-state.js'
import { refreshRouteParsers } from '../routing/compile-route.js'
import type { MethodGroup } from './method-table.js'

type PoisoningAction = 'error' | 'remove' | 'ignore'

/** Once routes are ready (Fastify 5 still takes parser calls in that tick), they parse with the change, as there. */
function afterParsersChanged (context: ContextState): void {
  if (context.server.configLocked) refreshRouteParsers(context)
}

export const parserMethods = {
  addContentTypeParser (types: unknown, optionsOrParser: unknown, maybeParser?: unknown) {
    const context = contextOf(this)
    assertParsersOpen(context, 'addContentTypeParser')
    const parser = typeof optionsOrParser === 'function' ? optionsOrParser : maybeParser
    // Fastify writes the server's limit onto the options it is given: options that are a primitive
    // fail there with the engine's TypeError (`Cannot create property 'bodyLimit' on string …`).
    if (typeof optionsOrParser !== 'function' && typeof optionsOrParser !== 'object' && Boolean(optionsOrParser)) {
      (optionsOrParser as Record<string, unknown>).bodyLimit = undefined
    }
    const options = (typeof optionsOrParser === 'function' ? {} : optionsOrParser ?? {}) as Record<string, unknown>
    context.parsers.add(types, options, parser, context.server.options.bodyLimit)
    context.noteParsers(types)
    afterParsersChanged(context)
    return this
  },
  hasContentTypeParser (type: unknown) { return contextOf(this).parsers.has(type) },
  removeContentTypeParser (types: unknown) {
    const context = contextOf(this)
    assertParsersOpen(context, 'removeContentTypeParser')
    context.parsers.remove(types)
    afterParsersChanged(context)
    return this
  },
  removeAllContentTypeParsers () {
    const context = contextOf(this)
    assertParsersOpen(context, 'removeAllContentTypeParsers')
    context.parsers.removeAll()
    afterParsersChanged(context)
    return this
  },
  getDefaultJsonParser (onProtoPoisoning: PoisoningAction, onConstructorPoisoning: PoisoningAction) {
    const server = serverOf(this)
    return createJsonParser(onProtoPoisoning, onConstructorPoisoning, server.options, server.profile.api)
  },
  defaultTextParser
} satisfies MethodGroup
