/**
 * Bounds on what a failed validation reports. A library can find one issue per array item or
 * object key, and a message or a key can be as long as the body: reported whole, an 800 KB body
 * of wrong items becomes a multi-megabyte 400 and seconds of CPU. Ajv (`allErrors: false`) stops
 * at the first failure; the adapters ask their library to stop early where it can and cut the
 * rest here, so the 400 stays small whatever the input. The first issue is always reported as the
 * library wrote it, up to the text bound.
 */

/** Issues mapped into `error.validation` (and so into the 400 message) at most. */
export const maxReportedIssues = 20

/** Characters of one issue's message or instance path at most; longer text is cut and ends with `…`. */
export const maxIssueTextLength = 1000

/** The first `maxReportedIssues` issues: the same array when it is short enough. */
export function boundedIssues<T> (issues: readonly T[]): readonly T[] {
  return issues.length <= maxReportedIssues ? issues : issues.slice(0, maxReportedIssues)
}

/** The text cut to `maxIssueTextLength` characters, never inside a surrogate pair. */
export function boundedText (text: string): string {
  // A hand-written schema may report a message that is not a string: kept as it is.
  if (typeof text !== 'string' || text.length <= maxIssueTextLength) return text
  let end = maxIssueTextLength - 1
  const code = text.charCodeAt(end - 1)
  if (code >= 0xd800 && code <= 0xdbff) end--
  return text.slice(0, end) + '…'
}
