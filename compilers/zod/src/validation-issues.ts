import { boundedIssues, boundedText, missingPropertyAt, toJsonPointer } from '@enclave/compiler-kit'
import type { ValidationIssue } from '@enclave/core'
import { describeIssue, type ZodIssueLike } from './describe-issue.js'

/**
 * Zod's issues as the `error.validation` array, one entry per issue in Zod's order, at most
 * `maxReportedIssues` of them with their text bounded (see the kit's issue-bounds). With Ajv
 * wording, a missing property is reported on its parent object with `params.missingProperty`, as
 * Ajv does ("body should have required property 'name'"); with Zod's wording it stays on the
 * property, where Zod's "expected string, received undefined" makes sense.
 */
export function toValidationIssues (allIssues: readonly ZodIssueLike[], data: unknown, ajvShape: boolean): ValidationIssue[] {
  const issues = boundedIssues(allIssues)
  const validation = new Array<ValidationIssue>(issues.length)
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i]!
    const missing = issue.code === 'invalid_type' ? missingPropertyAt(data, issue.path) : undefined
    const description = describeIssue(issue, missing)
    const onParent = missing !== undefined && ajvShape
    validation[i] = {
      instancePath: boundedText(toJsonPointer(issue.path, onParent ? issue.path.length - 1 : issue.path.length)),
      schemaPath: issue.code,
      keyword: description.keyword,
      params: description.params,
      message: boundedText(issue.message ?? description.message ?? 'is invalid')
    }
  }
  return validation
}
