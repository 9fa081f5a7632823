import type { SerializerOptions } from './types.js'

// Where fast-json-stringify 7.3's native mechanism writes something else than its string code (found
// by the generated comparison): a string that is not a Date under `format` (date-time, date, time)
// comes out escaped twice; a property named like an array index ("0", "10") moves to the front of
// its object (the engine orders such keys first) while the string code writes `required` ones
// first; a missing property that is `required` and has a `default` throws instead of being written
// with the default. A false match (a property named "format" or "default", a string value like
// "10":) only keeps the string code, which gives the same output.
const unsafeForNative = /"format"|"default"|"(?:0|[1-9][0-9]*)":/

/**
 * fast-json-stringify's `objectMechanism` for one schema when the caller did not choose: `'native'`
 * (the value copied into objects of the schema's exact shape, then the engine's JSON.stringify),
 * except for the schemas where it is known to write something else. The native mechanism gives the same output as the string code
 * (integration-tests/test/runtimes-serializer-output.test.ts compares them on generated schemas
 * and values) and turns itself on only where the engine has JSON.stringify's fast path (V8 13.8+:
 * Node 25+, Deno; Bun reports such a V8): there it halves S2's serialization, bytes included;
 * on older Node it is the string code (bench/fetch-serialize.js).
 */
export function withObjectMechanism (options: SerializerOptions, schema: unknown): SerializerOptions {
  if (options.objectMechanism !== undefined) return options
  return { ...options, objectMechanism: nativeDiffers(schema) ? 'default' : 'native' }
}

function nativeDiffers (schema: unknown): boolean {
  try {
    return unsafeForNative.test(JSON.stringify(schema) ?? '')
  } catch {
    // A cyclic schema: the string code, which never depended on this check.
    return true
  }
}
