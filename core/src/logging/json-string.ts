/** A string as JSON, cheaply for the short ASCII strings request logging writes most. */

/**
 * `JSON.stringify(value)` for a string: printable ASCII without `"` or `\` (every id the default
 * generator makes, most URLs and host names) is quoted as it is. JSON.stringify is a generic builtin
 * whose set-up costs more than this whole check (~900 instructions for `req-1a`, bench/notes.md).
 */
export function jsonString (value: string): string {
  const length = value.length
  if (length > 512) return JSON.stringify(value)
  for (let i = 0; i < length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return JSON.stringify(value)
  }
  return '"' + value + '"'
}
