/** Request ids and request loggers, encapsulated as in Fastify: setGenReqId, setChildLoggerFactory and what is in effect. */
import { assertFunction, defaultChildLoggerFactory, withRequestIdHeader, type ChildLoggerFactory } from '../logging/request-logger.js'
import { assertNotStarted } from './configuration-guard.js'
import { contextOf, serverOf } from './context-state.js'
import type { AnyFunction } from '../types/internal.js'
import type { MethodGroup } from './method-table.js'

export const loggingMethods = {
  setGenReqId (generator: unknown) {
    const context = contextOf(this)
    assertNotStarted(context, 'setGenReqId')
    assertFunction(generator, 'setGenReqId')
    context.genReqId = generator as AnyFunction
    return this
  },
  get genReqId () {
    const own = contextOf(this).inherited('genReqId')
    const server = serverOf(this)
    return own === null ? server.genReqId : withRequestIdHeader(server.options.requestIdHeader, own)
  },
  setChildLoggerFactory (factory: unknown) {
    const context = contextOf(this)
    assertNotStarted(context, 'setChildLoggerFactory')
    assertFunction(factory, 'setChildLoggerFactory')
    context.childLoggerFactory = factory as AnyFunction
    return this
  },
  get childLoggerFactory () {
    return contextOf(this).inherited('childLoggerFactory') ?? serverOf(this).options.childLoggerFactory as ChildLoggerFactory | undefined ?? defaultChildLoggerFactory
  }
} satisfies MethodGroup
