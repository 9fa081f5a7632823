import type { HttpPart } from '@enclave/core'

export const httpParts: readonly HttpPart[] = ['body', 'querystring', 'params', 'headers']

/** The parts whose values arrive as strings, converted by default by the adapters that can. */
export const stringParts: readonly HttpPart[] = ['querystring', 'params', 'headers']

export function isHttpPart (value: unknown): value is HttpPart {
  return httpParts.includes(value as HttpPart)
}

/** A compiler throws when httpPart is missing or unknown: a part it has nothing for must not pass unchecked. */
export function unknownHttpPartMessage (httpPart: unknown, where: string): string {
  return `${where}: httpPart must be one of ${httpParts.join(', ')}, got ${String(httpPart)}`
}

/** An adapter's `coerce` option as a set: `true`/absent means the string parts, `false` none. */
export function coercedParts (option: boolean | readonly HttpPart[] | undefined): ReadonlySet<HttpPart> {
  if (option === undefined || option === true) return new Set(stringParts)
  if (option === false) return new Set()
  return new Set(option)
}

/**
 * Header names arrive lower-cased from Node, so a capitalised name declared in a header schema
 * would never be present. The message for such names, or undefined when all are lower-case.
 */
export function headerCaseMessage (declaredNames: readonly string[], where: string): string | undefined {
  const offending = declaredNames.filter(function isNotLowerCase (name) { return name !== name.toLowerCase() })
  if (offending.length === 0) return undefined
  return `${where}: header names arrive lower-cased, so ${offending.map(quoted).join(', ')} would never be present; ` +
    `declare ${offending.map(function lowerCased (name) { return quoted(name.toLowerCase()) }).join(', ')} instead.`
}

function quoted (name: string): string {
  return `'${name}'`
}
