/** Request ids and request loggers, encapsulated as in Fastify: setGenReqId, setChildLoggerFactory and what is in effect. */
import { assertFunction, defaultChildLoggerFactory, withRequestIdHeader, type ChildLoggerFactory } from '../logging/request-logger.js'
import { assertNotStarted } from './configuration-guard.js'
import { contextOf, serverOf, type RuntimeInstance } from './context-state.js'
import type { AnyFunction } from '../types/internal.js'
import type { MethodGroup } from './method-table.js'

/** Both setters: refused once started, a function required, then set on this context only. */
function setContextFunction (instance: RuntimeInstance, key: 'genReqId' | 'childLoggerFactory', value: unknown, method: string): void {
  const context = contextOf(instance)
  assertNotStarted(context, method)
  assertFunction(value, method)
  context[key] = value as AnyFunction
}

export const loggingMethods = {
  setGenReqId (generator: unknown) {
    setContextFunction(this, 'genReqId', generator, 'setGenReqId')
    return this
  },
  get genReqId () {
    const own = contextOf(this).inherited('genReqId')
    const server = serverOf(this)
    return own === null ? server.genReqId : withRequestIdHeader(server.options.requestIdHeader, own)
  },
  setChildLoggerFactory (factory: unknown) {
    setContextFunction(this, 'childLoggerFactory', factory, 'setChildLoggerFactory')
    return this
  },
  get childLoggerFactory () {
    return contextOf(this).inherited('childLoggerFactory') ?? serverOf(this).options.childLoggerFactory as ChildLoggerFactory | undefined ?? defaultChildLoggerFactory
  }
} satisfies MethodGroup
