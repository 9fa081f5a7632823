import type { ValidationErrorItem } from 'joi'
import { boundedText, maxReportedIssues, toJsonPointer } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'

const wordCharacter = /[\p{L}\p{N}_]/u

/**
 * Joi starts its messages with the label (`"age" must be a number`), which the formatter already
 * renders as the path (`body/age`). The label is found through the error context rather than Joi's
 * default quotes, so a custom `errors.wrap.label` or `.label()` is removed too; a message that does
 * not start with its label (a custom or localised one) is kept whole.
 */
export function withoutLabel (message: string, label: unknown): string {
  if (typeof label !== 'string' || label === '') return message
  if (message.startsWith(label + ' ')) return message.slice(label.length + 1)
  const wrappedLength = label.length + 2
  if (message.length > wrappedLength && !wordCharacter.test(message[0]!) && message.startsWith(label, 1) && message[wrappedLength] === ' ') {
    return message.slice(wrappedLength + 1)
  }
  return message
}

/**
 * Joi's error item in the Ajv shape: `keyword` is Joi's error code (`number.base`), `params` its
 * context plus `libraryMessage` (Joi's message as Joi wrote it); Joi has no schema paths, so
 * `schemaPath` is `#<instancePath>/<code>`.
 */
export function toIssue (detail: ValidationErrorItem): ValidationIssue {
  // Joi's `['items', 0, 'name']` becomes `/items/0/name`.
  const instancePath = boundedText(toJsonPointer(detail.path))
  const context = detail.context
  return {
    instancePath,
    schemaPath: '#' + instancePath + '/' + detail.type,
    keyword: detail.type,
    params: Object.assign({}, context, { libraryMessage: detail.message }),
    message: boundedText(withoutLabel(detail.message, context?.label))
  }
}

/** The first `maxReportedIssues` details, in Joi's order. */
export function toIssues (details: readonly ValidationErrorItem[]): ValidationIssue[] {
  const count = Math.min(details.length, maxReportedIssues)
  const issues: ValidationIssue[] = []
  for (let i = 0; i < count; i++) issues.push(toIssue(details[i]!))
  return issues
}
