const MAX_QUOTED_LENGTH = 40

/** A short human description of a data value for issue messages. */
export function describeValue (value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > MAX_QUOTED_LENGTH ? `${value.slice(0, MAX_QUOTED_LENGTH)}…` : value)
    case 'number':
    case 'boolean':
      return String(value)
    case 'bigint':
      return `${value}n`
    case 'undefined':
      return 'undefined'
    case 'function':
      return 'a function'
    case 'symbol':
      return 'a symbol'
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  const name = constructorName(value as object)
  if (name === undefined || name === 'Object') return 'an object'
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`
}

function constructorName (value: object): string | undefined {
  try {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name
    return typeof name === 'string' && name !== '' ? name : undefined
  } catch {
    return undefined
  }
}
