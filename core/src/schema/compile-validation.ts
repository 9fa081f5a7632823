import { errorCodes } from '../errors/codes.js'
import { mediaTypeOf } from '../request/content-type.js'
import { expandShorthand, isPlainSchema, normalizeHeadersSchema } from './normalize-schema.js'
import { validatorCompilerFor } from './compilers.js'
import type { HttpPart, PartValidator, ValidationFunction } from './validate.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'

/** The spec: body schemas are validated for POST, PUT and PATCH. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH'])
const partOrder: HttpPart[] = ['params', 'body', 'querystring', 'headers']

function schemaOf (schema: Record<string, any>, part: HttpPart): unknown {
  if (part === 'querystring') return schema.querystring ?? schema.query
  return schema[part]
}

/** `{ content: { 'application/json': { schema } } }` — a body schema per media type. */
function isContentKeyed (schema: unknown): schema is { content: Record<string, { schema?: unknown }> } {
  return isPlainSchema(schema) && isPlainSchema(schema.content) && schema.type === undefined && schema.properties === undefined
}

function buildError (route: RouteContext, part: HttpPart, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause)
  const error = new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(route.method, `${route.url} (${part})`, reason)
  if (typeof cause !== 'string') (error as { cause?: unknown }).cause = cause
  return error
}

function compilePart (compiler: AnyFunction, route: RouteContext, part: HttpPart, schema: unknown): ValidationFunction {
  let fn: unknown
  try {
    fn = compiler({ schema, method: route.method, url: route.url, httpPart: part })
  } catch (error) {
    throw buildError(route, part, error)
  }
  if (typeof fn !== 'function') {
    throw buildError(route, part, `the validator compiler returned ${typeof fn}, not a validation function`)
  }
  return fn as ValidationFunction
}

function resolveCompiler (route: RouteContext, part: HttpPart): AnyFunction {
  try {
    return validatorCompilerFor(route)
  } catch (error) {
    // The default compiler is built from the shared schemas: a broken one fails here, reported
    // by the first route that needs it (the error names the schema).
    throw buildError(route, part, error)
  }
}

/**
 * A body schema on GET, DELETE, OPTIONS… is never checked (the spec validates bodies of POST, PUT
 * and PATCH only). Said out loud, because a handler there receives the body unvalidated.
 */
function warnBodySchemaIgnored (route: RouteContext): void {
  // The HEAD twin of a GET route shares its schema; one warning (the GET's) is enough.
  if (route.method === 'HEAD') return
  process.emitWarning(
    `The body schema of ${route.method} ${route.url} is not used: request bodies are validated for POST, PUT and PATCH only. ` +
      'Validate the body of this route in a preValidation or preHandler hook.',
    { code: 'ENC_WARN_BODY_SCHEMA_IGNORED' }
  )
}

/** Compiles the route's request-part validators, in validation order; null when it has none. */
export function compileRouteValidation (route: RouteContext): PartValidator[] | null {
  const schema = route.schema
  if (schema === undefined || schema === null) return null
  const shorthand = route.server.options.jsonShorthand !== false
  const expand = shorthand ? expandShorthand : keepSchema
  const validators: PartValidator[] = []
  let compiler: AnyFunction | null = null
  for (const part of partOrder) {
    const partSchema = schemaOf(schema, part)
    if (partSchema === undefined || partSchema === null) continue
    if (part === 'body' && !bodyMethods.has(route.method)) {
      warnBodySchemaIgnored(route)
      continue
    }
    if (compiler === null) compiler = resolveCompiler(route, part)
    if (part === 'body' && isContentKeyed(partSchema)) {
      const byMediaType: Record<string, ValidationFunction> = Object.create(null)
      for (const type of Object.keys(partSchema.content)) {
        const entry = partSchema.content[type]
        if (!isPlainSchema(entry) || entry.schema === undefined) throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
        byMediaType[mediaTypeOf(type)] = compilePart(compiler, route, part, expand(entry.schema))
      }
      validators.push({ part, fn: null, byMediaType })
      continue
    }
    const normalized = part === 'headers' ? normalizeHeadersSchema(partSchema, shorthand) : expand(partSchema)
    validators.push({ part, fn: compilePart(compiler, route, part, normalized), byMediaType: null })
  }
  return validators.length === 0 ? null : validators
}

function keepSchema (schema: unknown): unknown {
  return schema
}
