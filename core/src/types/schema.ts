import type { ValidationIssue, SchemaErrorFormatter } from '../schema/error-formatter.js'

export type { ValidationIssue, SchemaErrorFormatter }

/** The request parts a schema validates; `query` in a route schema is an alias of `querystring`. */
export type HttpPart = 'body' | 'querystring' | 'params' | 'headers'

export interface ValidatorCompilerInput { schema: any, method: string, url: string, httpPart: HttpPart }
export type ValidationResult = boolean | { value?: unknown, error?: unknown }
export type ValidationFunction = ((data: any) => ValidationResult | Promise<ValidationResult> | undefined) & { errors?: unknown }
export type ValidatorCompiler = (input: ValidatorCompilerInput) => ValidationFunction
export interface SerializerCompilerInput { schema: any, method: string, url: string, httpStatus: string, contentType?: string }
export type SerializerFunction = (data: any) => string
export type SerializerCompiler = (input: SerializerCompilerInput) => SerializerFunction

export interface ValidationError extends Error {
  statusCode: 400
  code: 'FST_ERR_VALIDATION' | string
  validation: ValidationIssue[]
  validationContext: HttpPart
}
