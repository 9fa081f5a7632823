import type { StandardSchemaV1 } from '@standard-schema/spec'
import { boundedIssues, boundedText, missingPropertyAt, toJsonPointer } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'

/** The library's own rule name when its issues carry one (zod and arktype `code`, valibot `type`). */
function keywordOf (issue: StandardSchemaV1.Issue): string {
  const own = issue as { code?: unknown, type?: unknown }
  if (typeof own.code === 'string') return own.code
  if (typeof own.type === 'string') return own.type
  return 'invalid'
}

/**
 * The library's issues as the `error.validation` array, one entry per issue, in its order, at most
 * `maxReportedIssues` of them with their text bounded (see the kit's issue-bounds). The
 * message is the library's, unchanged: Standard Schema issues carry no rule to reword from, and a
 * schema's custom or localised message must survive. An issue about a property absent from the data
 * gets `keyword: 'required'` and `params.missingProperty`, so a custom formatter can reword it.
 */
export function toValidationIssues (allIssues: readonly StandardSchemaV1.Issue[], data: unknown, vendor: string): ValidationIssue[] {
  const issues = boundedIssues(allIssues)
  const validation = new Array<ValidationIssue>(issues.length)
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i]!
    const path = issue.path ?? []
    const missing = missingPropertyAt(data, path)
    validation[i] = {
      instancePath: boundedText(toJsonPointer(path)),
      schemaPath: vendor,
      keyword: missing === undefined ? keywordOf(issue) : 'required',
      params: missing === undefined ? {} : { missingProperty: missing },
      message: boundedText(issue.message)
    }
  }
  return validation
}
