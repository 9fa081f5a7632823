/** The schema methods of an instance: shared schemas, compilers, the schema error formatter, the reply serializer and the schema controller. */
import { errorCodes } from '../errors/codes.js'
import { createControllerState, createSchemaView } from '../schema/schema-controller.js'
import { assertSchemaErrorFormatter } from '../schema/error-formatter.js'
import { assertNotStarted } from './configuration-guard.js'
import { contextOf, type RuntimeInstance } from './context-state.js'
import type { AnyFunction } from '../types/internal.js'
import type { MethodGroup } from './method-table.js'

/** Both compiler setters: a function required, refused once started, then set on this context only. */
function setCompiler (instance: RuntimeInstance, key: 'validatorCompiler' | 'serializerCompiler', compiler: unknown, expected: string): void {
  if (typeof compiler !== 'function') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(expected)
  const context = contextOf(instance)
  assertNotStarted(context, key === 'validatorCompiler' ? 'setValidatorCompiler' : 'setSerializerCompiler')
  context[key] = compiler as AnyFunction
}

export const schemaMethods = {
  addSchema (schema: unknown) {
    const context = contextOf(this)
    assertNotStarted(context, 'addSchema')
    context.schemas.add(schema)
    context.addedSchemas = true
    return this
  },
  getSchema (id: string) { return contextOf(this).schemas.get(id) as Record<string, unknown> | undefined },
  getSchemas () { return contextOf(this).schemas.all() as Record<string, Record<string, unknown>> },
  setValidatorCompiler (compiler: unknown) {
    setCompiler(this, 'validatorCompiler', compiler, 'setValidatorCompiler expects a function ({ schema, method, url, httpPart }) => validate')
    return this
  },
  setSerializerCompiler (compiler: unknown) {
    setCompiler(this, 'serializerCompiler', compiler, 'setSerializerCompiler expects a function ({ schema, method, url, httpStatus, contentType }) => serialize')
    return this
  },
  setSchemaErrorFormatter (formatter: unknown) {
    assertSchemaErrorFormatter(formatter)
    const context = contextOf(this)
    assertNotStarted(context, 'setSchemaErrorFormatter')
    context.schemaErrorFormatter = formatter as AnyFunction
    return this
  },
  setReplySerializer (serializer: unknown) {
    const context = contextOf(this)
    assertNotStarted(context, 'setReplySerializer')
    if (typeof serializer !== 'function') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('setReplySerializer expects a function (payload, statusCode) => string')
    context.replySerializer = serializer as AnyFunction
    return this
  },
  setSchemaController (controller: unknown) {
    const context = contextOf(this)
    assertNotStarted(context, 'setSchemaController')
    context.schemaController = createControllerState(controller)
    // A new bucket takes over what this context sees so far, as Fastify builds it from the parent's.
    if (context.schemaController.bucket !== null) context.schemas = createSchemaView(context.schemaController.bucket, context.schemas)
    return this
  },
  // As in Fastify: the nearest compiler set or built (at ready(), for a context's routes), here or above; else undefined.
  get validatorCompiler () { return contextOf(this).compilerInEffect('validatorCompiler', 'builtValidatorCompiler') },
  get serializerCompiler () { return contextOf(this).compilerInEffect('serializerCompiler', 'builtSerializerCompiler') }
} satisfies MethodGroup
