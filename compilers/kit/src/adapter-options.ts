import { httpParts } from './http-parts.js'

/**
 * Checks shared by adapters whose factories take library options plus `parts` (per-part options),
 * so a mistake fails at startup with the same wording in every adapter.
 */

export function isPlainObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `createValidatorCompiler` handed a compiler input: the user passed the factory where the compiler goes. */
export function isCompilerInput (options: Record<string, unknown>): boolean {
  return 'httpPart' in options || ('schema' in options && 'method' in options)
}

export const calledAsCompilerMessage = 'createValidatorCompiler() was called as a validator compiler: pass validatorCompiler, or the result of createValidatorCompiler(options), to setValidatorCompiler()'

export const partsNotAnObjectMessage = 'createValidatorCompiler(options): options.parts must be an object keyed by body, querystring, params or headers'

/** The message for the first key of `parts` that is not a request part, or undefined. */
export function unknownPartMessage (parts: object): string | undefined {
  for (const key of Object.keys(parts)) {
    if (!(httpParts as readonly string[]).includes(key)) {
      return `createValidatorCompiler(options): options.parts.${key} is not a request part (body, querystring, params, headers)`
    }
  }
  return undefined
}
