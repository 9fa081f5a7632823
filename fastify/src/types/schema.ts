import type { FastifyError } from '@fastify/error'
import type { RouteSchema, ValidationIssue } from '@enclave/core'
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

/**
 * The error handlers and onError hooks receive: `@fastify/error`'s `FastifyError` (the same type
 * Fastify 4.29 exports, so code importing it from `@fastify/error` agrees), with the validation
 * details a failed validation adds.
 */
declare module '@fastify/error' {
  interface FastifyError {
    validation?: FastifySchemaValidationError[]
    validationContext?: SchemaErrorDataVar
  }
}
export type { FastifyError }
export type ValidationResult = FastifySchemaValidationError

/** The `schemaController` option: the schema bucket of each context and the compiler factories. */
export type FastifySchemaControllerOptions = SchemaControllerOptions
