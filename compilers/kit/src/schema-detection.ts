/** What a value that is not the expected schema looks like, for the build error naming it. */
export function describeValue (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value !== 'object') return typeof value
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto === Object.prototype || proto === null) return 'a plain object (JSON Schema?)'
  return `an instance of ${String((value as { constructor?: { name?: string } }).constructor?.name ?? 'an unknown class')}`
}

/** How an adapter names its library's schemas in the "not a schema" message. */
export interface SchemaKind {
  /** `a Joi schema`, `a Zod 4 schema`. */
  readonly expected: string
  /** The library's name as in "a record of Joi schemas". */
  readonly library: string
  /** An object schema as written with the library: `Joi.object({ … })`. */
  readonly example: string
}

/** A route part (or response) whose schema is not one of the adapter's library; `where` names the route and part. */
export function notASchemaMessage (value: unknown, where: string, kind: SchemaKind): string {
  return `${where}: expected ${kind.expected}, got ${describeValue(value)}. Write the part as a ${kind.library} schema ` +
    `(${kind.example}, not a record of ${kind.library} schemas), or give the route another compiler.`
}
