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

function compilePart (compiler: AnyFunction, route: RouteContext, part: HttpPart, schema: unknown): ValidationFunction {
  let fn: unknown
  try {
    fn = compiler({ schema, method: route.method, url: route.url, httpPart: part })
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error)
    const wrapped = new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(route.method, `${route.url} (${part})`, cause)
    ;(wrapped as any).cause = error
    throw wrapped
  }
  if (typeof fn !== 'function') {
    throw new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(route.method, `${route.url} (${part})`, `the validator compiler returned ${typeof fn}, not a function`)
  }
  return fn as ValidationFunction
}

/** Compiles the route's request-part validators, in validation order; null when it has none. */
export function compileRouteValidation (route: RouteContext): PartValidator[] | null {
  const schema = route.schema
  if (schema === undefined || schema === null) return null
  const validators: PartValidator[] = []
  for (const part of partOrder) {
    const partSchema = schemaOf(schema, part)
    if (partSchema === undefined || partSchema === null) continue
    if (part === 'body' && !bodyMethods.has(route.method)) continue
    const compiler = validatorCompilerFor(route)
    if (part === 'body' && isContentKeyed(partSchema)) {
      const byMediaType: Record<string, ValidationFunction> = Object.create(null)
      for (const type of Object.keys(partSchema.content)) {
        const entry = partSchema.content[type]
        if (entry === undefined || entry.schema === undefined) throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
        byMediaType[mediaTypeOf(type)] = compilePart(compiler, route, part, expandShorthand(entry.schema))
      }
      validators.push({ part, fn: null, byMediaType })
      continue
    }
    const normalized = part === 'headers' ? normalizeHeadersSchema(partSchema) : expandShorthand(partSchema)
    validators.push({ part, fn: compilePart(compiler, route, part, normalized), byMediaType: null })
  }
  return validators.length === 0 ? null : validators
}
