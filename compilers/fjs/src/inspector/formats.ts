/**
 * The few string formats worth checking when choosing an `anyOf`/`oneOf` member: fast-json-stringify
 * validates members with Ajv and its formats, so a value failing a format makes it skip that member.
 * Unknown formats are accepted, which keeps the inspector quiet rather than wrong.
 */
const FORMAT_PATTERNS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:?\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uuid: /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  ipv4: /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/
}

export function matchesFormat (value: string, format: unknown): boolean {
  if (typeof format !== 'string') return true
  const pattern = FORMAT_PATTERNS[format]
  return pattern === undefined || pattern.test(value)
}
