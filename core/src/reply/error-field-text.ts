/**
 * How Fastify's default error payload writes an error's `code` and `message`: its serializer
 * (fast-json-stringify, both fields `type: 'string'`) leaves out `undefined`, writes `null` as `""`,
 * a `Date` as its ISO string and anything else through its own `toString()`. So a numeric `code`
 * (MongoDB's `11000`, a gRPC status) reaches the client as `"11000"`.
 */

/** The field as text, `undefined` to leave it out. Throws what the value's `toString()` throws. */
export function errorFieldText (value: unknown): string | undefined {
  if (typeof value === 'string' || value === undefined) return value
  if (value === null) return ''
  if (value instanceof Date) return value.toISOString()
  return (value as { toString: () => string }).toString()
}
