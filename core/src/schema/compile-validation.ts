/** Compiling a route's request schemas (params, body, querystring, headers) into validators. */
import { errorCodes } from '../errors/codes.js'
import { mediaTypeOf } from '../request/content-type.js'
import { isContentKeyed, isPlainSchema, normalizeHeadersSchema } from './normalize-schema.js'
import { isUsingDefaultValidator, validatorCompilerFor } from './compilers.js'
import { compileOnFirstCall, compilesLazily, mayDefer, replaceStub } from './lazy-compile.js'
import type { HttpPart, PartValidator, ValidationFunction } from './validate.js'
import type { RouteContext } from '../routing/route-context.js'
import type { AnyFunction } from '../types/internal.js'
import { warnings } from '../errors/warnings.js'
import { bodySchemaAllowed } from '../routing/http-methods.js'
import { warnUnnormalizedHeaderRefs } from './header-schema-refs.js'

const partOrder: HttpPart[] = ['params', 'body', 'querystring', 'headers']
/** The order Fastify compiles (and warns about) the parts. */
const compileOrder: HttpPart[] = ['headers', 'body', 'querystring', 'params']

/** Fastify's message (`… for POST: /x, due to error …`); the part is on `error.httpPart`. */
function buildError (route: RouteContext, part: HttpPart, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause)
  const error = new errorCodes.FST_ERR_SCH_VALIDATION_BUILD(route.method, route.url, reason) as Error & { cause?: unknown, httpPart?: HttpPart }
  error.httpPart = part
  if (typeof cause !== 'string') error.cause = cause
  return error
}

/** Stands for a compile result that is not a function: each request then fails with Fastify's TypeError. */
function notAValidationFunction (): never {
  throw new TypeError('validatorFunction is not a function')
}

/**
 * What the compiler returned. As in Fastify 4.29, something other than a function does not fail
 * the start: a falsy result (and every result for the body) leaves the part unvalidated (null);
 * another value fails each request that reaches it (a 500 TypeError).
 */
function compilePart (compiler: AnyFunction, route: RouteContext, part: HttpPart, schema: unknown): ValidationFunction | null {
  let fn: unknown
  try {
    fn = compiler({ schema, method: route.method, url: route.url, httpPart: part })
  } catch (error) {
    throw buildError(route, part, error)
  }
  if (typeof fn === 'function') return fn as ValidationFunction
  return fn && part !== 'body' ? notAValidationFunction : null
}

/**
 * compilePart, or with lazySchemaCompilation a stub that calls it on the route's first request,
 * when the compiler vouches that the schema compiles (see lazy-compile.ts).
 */
function compileOrDefer (compiler: AnyFunction, route: RouteContext, part: HttpPart, schema: unknown): ValidationFunction | null {
  if (!compilesLazily(route.server.options) || !mayDefer(compiler, { schema, method: route.method, url: route.url, httpPart: part })) {
    return compilePart(compiler, route, part, schema)
  }
  const stub = compileOnFirstCall(function compileDeferredPart (): ValidationFunction {
    // Only Ajv-like compilers offer canDefer, and they always return a function.
    return compilePart(compiler, route, part, schema) ?? notAValidationFunction
  }, function installValidator (stub, compiled) {
    replaceStub(route.validators ?? [], stub, compiled)
  })
  // Whether the Ajv validator will coerce a scalar root is known once it is compiled: until then
  // the stub takes the parent to write one into (harmless for an object root).
  if (part === 'body') stub.coercesRoot = true
  return stub
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
 * A part given as `undefined` (or `null`, but on the Fastify 5 face): Fastify's FSTWRN001, the schema
 * is probably mistyped; checked in the order Fastify compiles the parts, so the warnings come in its
 * order. Fastify 5 fails closed on a `null` part: the route does not start unvalidated.
 */
function checkMissingParts (route: RouteContext, schema: Record<string, unknown>, warnAs: string | string[] | null): void {
  for (const part of compileOrder) {
    if (!(part in schema)) continue
    const partSchema = schema[part]
    if (partSchema === null && route.server.profile.api === 5) {
      // Fastify 5.12's wording: its schema store reads the null schema's `$id`.
      throw buildError(route, part, new TypeError("Cannot read properties of null (reading '$id')"))
    }
    if ((partSchema === undefined || partSchema === null) && warnAs !== null) warnings.FSTWRN001(part, warnAs, route.url)
  }
}

/**
 * The method a schema warning names, or null when another route of the same declaration gives it:
 * Fastify checks a schema once per declaration (and path), so a route declared for several methods
 * warns once, from its first method's route, naming the methods as declared (`[ 'GET', 'POST' ]`).
 */
function schemaWarningMethod (route: RouteContext): string | string[] | null {
  const declared = route.options.method
  if (!Array.isArray(declared)) return route.method
  const methods = declared.map((method) => String(method).toUpperCase())
  return methods[0] === route.method ? methods : null
}

/**
 * Compiles the route's request-part validators in the order Fastify compiles them (so a compiler's
 * warnings, and the first broken part's error, come as there) and returns them in validation order;
 * null when it has none.
 */
export function compileRouteValidation (route: RouteContext): PartValidator[] | null {
  const schema = route.schema
  if (schema === undefined || schema === null) return null
  const warnAs = schemaWarningMethod(route)
  // Fastify 5.12 checks the headers schema's $refs as it declares the route, before the missing parts.
  if (warnAs !== null && schema.headers !== undefined && schema.headers !== null) warnUnnormalizedHeaderRefs(schema.headers, warnAs, route.url)
  checkMissingParts(route, schema, warnAs)
  if (schema.body !== undefined && schema.body !== null && !bodySchemaAllowed(route.method, route.server)) {
    throw new errorCodes.FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED(route.method, route.url)
  }
  const validators: PartValidator[] = []
  let compiler: AnyFunction | null = null
  for (const part of compileOrder) {
    if (!(part in schema)) continue
    const partSchema = schema[part]
    if (partSchema === undefined || partSchema === null) continue
    if (compiler === null) compiler = resolveCompiler(route, part)
    if (part === 'body' && isContentKeyed(partSchema)) {
      const byMediaType = Object.create(null) as Record<string, ValidationFunction>
      for (const type of Object.keys(partSchema.content)) {
        const entry = partSchema.content[type]
        if (!isPlainSchema(entry) || entry.schema === undefined) throw new errorCodes.FST_ERR_SCH_CONTENT_MISSING_SCHEMA(type)
        const fn = compileOrDefer(compiler, route, part, entry.schema)
        if (fn !== null) byMediaType[mediaTypeOf(type)] = fn
      }
      validators.push({ part, fn: null, byMediaType })
      continue
    }
    // Fastify (4.29 and 5.12) lower-cases header names for its own compiler only: a custom one gets the
    // schema as written. enclave() hands a custom compiler a lower-cased copy too (docs/migrating-from-fastify.md).
    const lowerHeaders = part === 'headers' && (route.server.profile.name === 'enclave' || isUsingDefaultValidator(route))
    const fn = compileOrDefer(compiler, route, part, lowerHeaders ? normalizeHeadersSchema(partSchema, false) : partSchema)
    if (fn !== null) validators.push({ part, fn, byMediaType: null })
  }
  if (validators.length === 0) return null
  return validators.sort(function inValidationOrder (a, b) { return partOrder.indexOf(a.part) - partOrder.indexOf(b.part) })
}
