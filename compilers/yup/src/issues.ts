import type { ValidationError } from 'yup'
import { boundedText, escapePointerSegment, maxReportedIssues } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'

/**
 * yup's error paths as JSON pointers: `items[0].name` → `/items/0/name`, `["a.b"]` → `/a.b`.
 * yup writes a key in brackets and quotes only when it holds a dot, so a `[` that opens neither
 * an index nor a quoted key is part of the name.
 */
export function yupPathToPointer (path: string | undefined): string {
  if (path === undefined || path === '') return ''
  let pointer = ''
  let segment = ''
  let i = 0
  while (i < path.length) {
    const char = path[i]!
    if (char === '.') {
      if (segment !== '') pointer += '/' + escapePointerSegment(segment)
      segment = ''
      i++
      continue
    }
    if (char === '[') {
      const quoted = path[i + 1] === '"'
      const end = quoted ? path.indexOf('"]', i + 2) : path.indexOf(']', i + 1)
      const inner = end === -1 ? '' : path.slice(quoted ? i + 2 : i + 1, end)
      if (end !== -1 && (quoted || /^\d+$/.test(inner))) {
        if (segment !== '') pointer += '/' + escapePointerSegment(segment)
        segment = ''
        pointer += '/' + escapePointerSegment(inner)
        i = end + (quoted ? 2 : 1)
        continue
      }
    }
    segment += char
    i++
  }
  if (segment !== '') pointer += '/' + escapePointerSegment(segment)
  return pointer
}

const castMessageMarker = '` type, but the final value was: '
const mixedCastMessage = 'must match the configured type. '

/**
 * yup starts its messages with the label or path (`age is a required field`), which the formatter
 * already renders (`body/age`), so it is removed. yup's default cast message (`must be a \`number\`
 * type, but the final value was: \`NaN\` (cast from the value \`"x"\`).`) becomes `must be number`,
 * Ajv's wording. A message that does not start that way (custom, localised) is kept whole.
 */
export function readableMessage (message: string, type: string | undefined, params: Record<string, unknown> | undefined): string {
  const label = params?.label
  const path = params?.path
  const subject = typeof label === 'string' && label !== '' ? label : typeof path === 'string' && path !== '' ? path : 'this'
  const text = message.startsWith(subject + ' ') ? message.slice(subject.length + 1) : message
  if (type === 'typeError') {
    if (typeof params?.type === 'string' && text.startsWith('must be a `') && text.includes(castMessageMarker)) return 'must be ' + params.type
    if (text.startsWith(mixedCastMessage)) return 'must match the configured type'
  }
  return text
}

function issueParams (params: Record<string, unknown> | undefined, message: string): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  if (params !== undefined) {
    for (const key of Object.keys(params)) {
      // `spec` is the whole schema configuration, not a detail of this failure.
      if (key !== 'spec' && key !== 'disableStackTrace' && params[key] !== undefined) result[key] = params[key]
    }
  }
  result.libraryMessage = message
  return result
}

/**
 * yup's error in the Ajv shape: `keyword` is the failed test's name (`typeError`, `optionality`
 * for required, `min`, a custom test's name), `params` yup's message params (without `spec`) plus
 * `libraryMessage` (yup's message as yup wrote it); yup has no schema paths, so `schemaPath` is
 * `#<instancePath>/<test name>`.
 */
function toIssue (error: ValidationError): ValidationIssue {
  const instancePath = boundedText(yupPathToPointer(error.path))
  const keyword = error.type ?? 'custom'
  const params = error.params as Record<string, unknown> | undefined
  const message = String(error.errors[0] ?? error.message)
  return {
    instancePath,
    schemaPath: '#' + instancePath + '/' + keyword,
    keyword,
    params: issueParams(params, message),
    message: boundedText(readableMessage(message, error.type, params))
  }
}

/**
 * One issue per failed test: the inner errors when yup collected several (`abortEarly: false`),
 * the first `maxReportedIssues` of them.
 */
export function toIssues (error: ValidationError): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  if (Array.isArray(error.inner) && error.inner.length > 0) {
    const count = Math.min(error.inner.length, maxReportedIssues)
    for (let i = 0; i < count; i++) issues.push(toIssue(error.inner[i]!))
  } else {
    issues.push(toIssue(error))
  }
  return issues
}
