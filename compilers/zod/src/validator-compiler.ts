import * as zod from 'zod/v4/core'
import { coercedParts, createStringCoercer, declaredPropertyNames, headerCaseMessage, isHttpPart, unknownHttpPartMessage, zodMayRunAsync, type StringCoercer } from '@enclave/compiler-kit'
import type { HttpPart, ValidatorCompiler, ValidatorCompilerInput } from '@enclave/core'
import { ajvWordingErrorMap } from './ajv-wording.js'
import { ZodCompilerError, ZodValidationError } from './errors.js'
import type { ZodValidatorOptions } from './types.js'
import { toValidationIssues } from './validation-issues.js'
import { assertZodSchema, compiledOrSelf, earlyAbortingContext, jsonSchemaOf, safeParsersOf } from './zod-schema.js'

type ValidationOutcome = { value: unknown } | { error: ZodValidationError }

/** Header names arrive lower-cased from Node; a capitalised key in a Zod object would never match. */
function assertLowerCaseHeaders (jsonSchema: Record<string, unknown>, where: string): void {
  const message = headerCaseMessage(declaredPropertyNames(jsonSchema), where)
  if (message !== undefined) throw new ZodCompilerError('ENC_ERR_ZOD_HEADER_CASE', message)
}

function parseContextFor (options: ZodValidatorOptions): zod.ParseContext<zod.$ZodIssue> {
  // The caller's own error map wins over the Ajv wording.
  const error = options.messages === 'zod' || options.parseOptions?.error !== undefined ? undefined : ajvWordingErrorMap
  return earlyAbortingContext(options.parseOptions, error)
}

function assertHttpPart (httpPart: unknown, where: string): asserts httpPart is HttpPart {
  if (!isHttpPart(httpPart)) throw new ZodCompilerError('ENC_ERR_ZOD_HTTP_PART', unknownHttpPartMessage(httpPart, where))
}

/**
 * A validator compiler for route schemas written with Zod 4 (classic or mini): each part's schema is
 * a Zod schema, the handler receives Zod's output (defaults applied, unknown keys stripped as the
 * schema says), and failures come back in the default error structure.
 */
export function createValidatorCompiler (options: ZodValidatorOptions = {}): ValidatorCompiler {
  const coerce = coercedParts(options.coerce)
  const parseContext = parseContextFor(options)
  const ajvShape = options.messages !== 'zod'
  const alwaysAsync = options.async === true
  const compile = options.compile !== false

  return function zodValidatorCompiler ({ schema, method, url, httpPart }: ValidatorCompilerInput) {
    const where = `${String(method)} ${String(url)} (${String(httpPart)})`
    assertHttpPart(httpPart, where)
    assertZodSchema(schema, where)
    // Decided once, from the schema's structure: a synchronous parse that met an async rule would
    // drop the rule's promise (a rejection nobody handles); a schema without user code never meets one.
    let async = alwaysAsync || zodMayRunAsync(schema)
    const parsers = safeParsersOf(async ? schema : compiledOrSelf(schema, compile))
    let coercer: StringCoercer | null = null
    if (coerce.has(httpPart) || httpPart === 'headers') {
      const jsonSchema = jsonSchemaOf(schema, 'input', 'any')
      if (jsonSchema !== undefined) {
        if (httpPart === 'headers') assertLowerCaseHeaders(jsonSchema, where)
        if (coerce.has(httpPart)) coercer = createStringCoercer(jsonSchema)
      }
    }

    function outcome (result: zod.util.SafeParseResult<unknown>, input: unknown): ValidationOutcome {
      if (result.success) return { value: result.data }
      const error = result.error
      return { error: new ZodValidationError(httpPart, toValidationIssues(error.issues, input, ajvShape), error) }
    }

    // An async function, so a request creates no callback closure to carry `input` to the outcome.
    async function validateAsync (input: unknown): Promise<ValidationOutcome> {
      return outcome(await parsers.async(input, parseContext), input)
    }

    return function validateWithZod (data: unknown): ValidationOutcome | Promise<ValidationOutcome> {
      const input = coercer === null ? data : coercer(data)
      if (async) return validateAsync(input)
      let result: zod.util.SafeParseResult<unknown>
      try {
        result = parsers.sync(input, parseContext)
      } catch (error) {
        // A kind zodMayRunAsync does not know met a promise: answer this request, and parse async from now on.
        if (!(error instanceof zod.$ZodAsyncError)) throw error
        async = true
        return validateAsync(input)
      }
      return outcome(result, input)
    }
  }
}

/** The compiler with the default options, for `setValidatorCompiler(validatorCompiler)`. */
export const validatorCompiler: ValidatorCompiler = createValidatorCompiler()
