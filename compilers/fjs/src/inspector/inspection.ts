import type { SerializationIssue, SerializationIssueKind } from '../types.js'
import { appendToPointer } from './json-pointer.js'
import type { Rounding, Verdict } from './scalar-rules.js'
import type { SchemaRegistry } from './schema-registry.js'

export interface Inspection {
  registry: SchemaRegistry
  rounding: Rounding
  issues: SerializationIssue[]
  /** Objects and arrays on the path from the root to the value being inspected. */
  ancestors: Set<object>
  /** The schemas each object or array was already inspected under. */
  inspected: WeakMap<object, Set<unknown>>
}

export function errorMessage (error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'an unprintable error'
  }
}

export function reportMissingRequired (inspection: Inspection, objectPath: string, name: string): void {
  report(inspection, appendToPointer(objectPath, name), 'missing-required',
    `required property "${name}" is missing: the serializer throws '"${name}" is required!'`)
}

export function reportVerdict (inspection: Inspection, path: string, verdict: Verdict | undefined): void {
  if (verdict !== undefined) report(inspection, path, verdict.kind, verdict.message)
}

export function report (inspection: Inspection, path: string, kind: SerializationIssueKind, message: string): void {
  inspection.issues.push({ path, kind, message })
}
