import type { FastifyError } from '@fastify/error'
import type { RouteSchema } from '@enclave/core'
import type { FastifySchemaValidationError, SchemaErrorDataVar } from '@enclave/core/internal'
import type { FastifyInstance } from './instance.js'

/**
 * A route's `schema` option. An interface, so plugins can declare the keys they read
 * (`@fastify/swagger` adds `tags`, `summary`, `hide` …); any other key is accepted as in Enclave.
 */
export interface FastifySchema extends RouteSchema {}

/**
 * The error handlers and onError hooks receive: `@fastify/error`'s `FastifyError` (the same type
 * Fastify 5.12 exports, so code importing it from `@fastify/error` agrees), with the validation
 * details a failed validation adds.
 */
declare module '@fastify/error' {
  interface FastifyError {
    validation?: FastifySchemaValidationError[]
    validationContext?: SchemaErrorDataVar
  }
}
export type { FastifyError }
export type {
  FastifyRouteSchemaDef, FastifySchemaCompiler, FastifySchemaValidationError, FastifySerializerCompiler, FastifyValidationResult,
  SchemaErrorDataVar, SchemaErrorFormatter, ValidationResult
} from '@enclave/core/internal'

/**
 * The `schemaController` option: the schema bucket of each context and the compiler factories.
 * The factories are methods, so a factory typed by its own package (`@fastify/ajv-compiler`'s
 * standalone one) is accepted as it is.
 */
export interface FastifySchemaControllerOptions {
  bucket?: (parentSchemas?: unknown) => {
    add (schema: unknown): FastifyInstance
    getSchema (schemaId: string): unknown
    getSchemas (): Record<string, unknown>
  }
  compilersFactory?: {
    buildValidator? (externalSchemas: any, options?: any): (routeSchema: { schema: any, method: string, url: string, httpPart: string }) => any
    buildSerializer? (externalSchemas: any, options?: any): (routeSchema: { schema: any, method: string, url: string, httpStatus: string, contentType?: string }) => (data: any) => string
  }
}
