import type { EnclaveHandledError, RouteSchema, ValidationIssue } from '@enclave/core'
import type { HttpPart, SchemaControllerOptions } from '@enclave/core'

/**
 * A route's `schema` option. An interface, so plugins can declare the keys they read
 * (`@fastify/swagger` adds `tags`, `summary`, `hide` …); any other key is accepted as in Enclave.
 */
export interface FastifySchema extends RouteSchema {}

export interface FastifyRouteSchemaDef<T> {
  schema: T
  method: string
  url: string
  httpPart?: string
  httpStatus?: string
  contentType?: string
}

export type FastifySchemaValidationError = ValidationIssue
export interface FastifyValidationResult {
  (data: any): boolean | PromiseLike<any> | { error?: Error | unknown, value?: any }
  errors?: FastifySchemaValidationError[] | null
}

/** A validator compiler for schemas of type `T` (`setValidatorCompiler`, the `validatorCompiler` route option). */
export type FastifySchemaCompiler<T> = (routeSchema: FastifyRouteSchemaDef<T>) => FastifyValidationResult
export type FastifySerializerCompiler<T> = (routeSchema: FastifyRouteSchemaDef<T>) => (data: any) => string

export type SchemaErrorDataVar = HttpPart
export type SchemaErrorFormatter = (errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar) => Error

/** The error handlers and onError hooks receive: an Error with `code`, `statusCode`, `validation`. */
export interface FastifyError extends EnclaveHandledError {}
export type ValidationResult = FastifySchemaValidationError

/** The `schemaController` option: the schema bucket of each context and the compiler factories. */
export type FastifySchemaControllerOptions = SchemaControllerOptions
