/** The check of the `schemaController` option (and of setSchemaController's argument), as Fastify makes it when the server is created. */
import { errorCodes } from '../errors/codes.js'
import type { AnyFunction } from '../types/internal.js'

/** The `schemaController` option (or setSchemaController's argument) once checked. */
export interface SchemaControllerInput {
  bucket?: AnyFunction
  compilersFactory?: { buildValidator?: AnyFunction, buildSerializer?: AnyFunction }
}

/** `schemaController`: Fastify checks the bucket factory when the server is created. */
export function checkSchemaController (controller: Record<string, unknown>): asserts controller is Record<string, unknown> & SchemaControllerInput {
  if (controller.bucket !== undefined && typeof controller.bucket !== 'function') {
    throw new errorCodes.FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN(typeof controller.bucket)
  }
  const factories = controller.compilersFactory
  if (factories === undefined) return
  if (typeof factories !== 'object' || factories === null || Array.isArray(factories)) throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('schemaController.compilersFactory must be an object { buildValidator?, buildSerializer? }')
  for (const name of ['buildValidator', 'buildSerializer']) {
    const factory = (factories as Record<string, unknown>)[name]
    if (factory !== undefined && typeof factory !== 'function') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`schemaController.compilersFactory.${name} must be a function`)
  }
}
