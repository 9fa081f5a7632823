import type { SerializationInspector, SerializationInspectorOptions } from '../types.js'
import { inspectValue } from './inspect-value.js'
import type { Inspection } from './inspection.js'
import { createSchemaRegistry } from './schema-registry.js'

/**
 * Dev-time companion of the serializer: reports, with the JSON pointer of each value, what the
 * serializer compiled from the same schema would silently drop or convert, or fail on. Meant for an
 * opt-in response check, so it favours clear, complete reports over speed.
 */
export function createSerializationInspector (
  schema: unknown,
  externalSchemas: Record<string, object> = {},
  options: SerializationInspectorOptions = {}
): SerializationInspector {
  const registry = createSchemaRegistry(schema, externalSchemas)
  const rounding = options?.rounding ?? 'trunc'

  return function inspectSerialization (data: unknown) {
    const inspection: Inspection = { registry, rounding, issues: [], ancestors: new Set(), inspected: new WeakMap() }
    inspectValue(data, schema, '', 0, inspection)
    return inspection.issues
  }
}
