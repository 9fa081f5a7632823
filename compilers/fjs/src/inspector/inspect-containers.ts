import { conformsTo } from './conforms.js'
import { inspectUntyped, inspectValue, resolveNode } from './inspect-value.js'
import { report, reportMissingRequired, type Inspection } from './inspection.js'
import { appendToPointer } from './json-pointer.js'
import { acceptsNull, declaredTypes, isSchemaNode, type SchemaNode } from './schema-shape.js'
import { describeValue } from './value-description.js'

/*
 * Objects and arrays: what fast-json-stringify writes of their contents, and the bookkeeping that
 * keeps the walk finite and linear on cyclic or shared data.
 */

export function inspectObject (value: unknown, schema: SchemaNode, path: string, depth: number, inspection: Inspection): void {
  const data = applyToJSON(value)
  if (data === null) {
    report(inspection, path, 'coerced', 'toJSON() returned null: it is written as {}')
    return
  }
  const required = Array.isArray(schema.required) ? schema.required.filter(isString) : []
  if (typeof data !== 'object' || Array.isArray(data) || data instanceof Map || data instanceof Set) {
    report(inspection, path, 'type-mismatch',
      `expected an object, got ${describeValue(data)}: it is written as {} plus any declared property it happens to have`)
    // The serializer still reads the required properties off the value, and throws without them,
    // and writes an array's items as properties when undeclared properties are written.
    const boxed = Object(data) as Record<string, unknown>
    for (const name of required) {
      if (boxed[name] === undefined) reportMissingRequired(inspection, path, name)
    }
    if (Array.isArray(data)) {
      const properties = isSchemaNode(schema.properties) ? schema.properties : {}
      withAncestor(data, inspection, function inspectItemsAsProperties () {
        inspectUndeclaredProperties(boxed, schema, properties, path, depth, inspection, false)
      })
    }
    return
  }
  const record = data as Record<string, unknown>
  const properties = isSchemaNode(schema.properties) ? schema.properties : {}
  withAncestor(record, inspection, function inspectProperties () {
    for (const name of Object.keys(properties)) {
      const propertyValue = record[name]
      if (propertyValue === undefined) continue
      inspectChild(propertyValue, properties[name], appendToPointer(path, name), depth, inspection)
    }
    for (const name of required) {
      if (record[name] === undefined) reportMissingRequired(inspection, path, name)
    }
    inspectUndeclaredProperties(record, schema, properties, path, depth, inspection, true)
  })
}

function inspectUndeclaredProperties (
  record: Record<string, unknown>,
  schema: SchemaNode,
  properties: SchemaNode,
  path: string,
  depth: number,
  inspection: Inspection,
  reportDropped: boolean
): void {
  const patterns = isSchemaNode(schema.patternProperties) ? Object.keys(schema.patternProperties) : []
  const additional = schema.additionalProperties
  for (const name of Object.keys(record)) {
    if (Object.prototype.hasOwnProperty.call(properties, name)) continue
    const propertyValue = record[name]
    if (propertyValue === undefined) continue
    const propertyPath = appendToPointer(path, name)
    const pattern = patterns.find(function keyMatches (candidate) { return safePatternTest(candidate, name) })
    if (pattern !== undefined) {
      inspectChild(propertyValue, (schema.patternProperties as SchemaNode)[pattern], propertyPath, depth, inspection)
    } else if (additional === true || isSchemaNode(additional)) {
      inspectChild(propertyValue, additional, propertyPath, depth, inspection)
    } else if (reportDropped) {
      report(inspection, propertyPath, 'dropped', `property "${name}" is not declared in the schema: it is left out`)
    }
  }
}

export function inspectArray (value: unknown, schema: SchemaNode, path: string, depth: number, inspection: Inspection): void {
  if (!Array.isArray(value)) {
    report(inspection, path, 'type-mismatch', `expected an array, got ${describeValue(value)}: the serializer throws`)
    return
  }
  const items = schema.items
  if (items === undefined) return inspectUntyped(value, path, inspection)
  withAncestor(value, inspection, function inspectItems () {
    if (Array.isArray(items)) return inspectTupleItems(value, items, schema, path, depth, inspection)
    for (let index = 0; index < value.length; index++) {
      inspectChild(value[index], items, appendToPointer(path, index), depth, inspection)
    }
  })
}

/**
 * Each tuple position first passes a gate on the JavaScript type of the item (the same loose fit
 * as type lists, except that null fits a string position and arrays or Dates fit no object
 * position); failing it throws, passing it serializes the item with the usual conversions. Items
 * past the positions are handed to JSON.stringify when additionalItems is set (its schema is not
 * applied) and make the serializer throw otherwise.
 */
function inspectTupleItems (
  value: unknown[],
  items: unknown[],
  schema: SchemaNode,
  path: string,
  depth: number,
  inspection: Inspection
): void {
  for (let index = 0; index < value.length; index++) {
    const itemPath = appendToPointer(path, index)
    const item = value[index]
    if (index >= items.length) {
      if (schema.additionalItems === undefined || schema.additionalItems === false) {
        report(inspection, itemPath, 'type-mismatch',
          `item ${index} is beyond the ${items.length} tuple positions and additionalItems does not allow it: the serializer throws`)
      } else {
        inspectUntyped(item, itemPath, inspection)
      }
    } else if (!passesTupleGate(item, items[index], depth, inspection)) {
      report(inspection, itemPath, 'type-mismatch',
        `item ${index} (${describeValue(item)}) does not fit its tuple position: the serializer throws`)
    } else {
      inspectChild(item, items[index], itemPath, depth, inspection)
    }
  }
}

function passesTupleGate (item: unknown, itemSchema: unknown, depth: number, inspection: Inspection): boolean {
  const resolved = resolveNode(itemSchema, depth, inspection)
  if (resolved === undefined) return true
  const types = declaredTypes(resolved)
  // Without an explicit type (anyOf and the like) the position is validated like an anyOf member.
  if (types === undefined || resolved.type === undefined) return conformsTo(item, resolved, inspection.registry, depth + 1)
  if (item === null && acceptsNull(resolved, types)) return true
  return types.some(function fitsPosition (type) {
    switch (type) {
      case 'string': return typeof item === 'string' || item === null || item instanceof Date ||
        item instanceof RegExp || Array.isArray(item)
      case 'object': return typeof item === 'object' && item !== null && !Array.isArray(item) && !(item instanceof Date)
      case 'array': return Array.isArray(item)
      case 'integer': return Number.isInteger(item)
      case 'number': return typeof item === 'number'
      case 'boolean': return typeof item === 'boolean'
      case 'null': return item === null
      default: return true
    }
  })
}

/**
 * Steps from a container into one of its values. A value that is its own ancestor makes the
 * serializer recurse until the stack overflows; it is reported where the cycle closes and not
 * entered. An object met again under the same schema (shared, not cyclic) was reported at its first
 * path already and is not walked again: walking every path of densely linked data is exponential.
 */
function inspectChild (value: unknown, schema: unknown, path: string, depth: number, inspection: Inspection): void {
  if (typeof value === 'object' && value !== null) {
    if (inspection.ancestors.has(value)) {
      report(inspection, path, 'type-mismatch', 'circular reference to an enclosing value: the serializer fails on it')
      return
    }
    let schemas = inspection.inspected.get(value)
    if (schemas === undefined) {
      schemas = new Set()
      inspection.inspected.set(value, schemas)
    }
    if (schemas.has(schema)) return
    schemas.add(schema)
  }
  inspectValue(value, schema, path, depth + 1, inspection)
}

function withAncestor (container: object, inspection: Inspection, inspectContents: () => void): void {
  const added = !inspection.ancestors.has(container)
  if (added) inspection.ancestors.add(container)
  try {
    inspectContents()
  } finally {
    if (added) inspection.ancestors.delete(container)
  }
}

function applyToJSON (value: unknown): unknown {
  const toJSON = (value as { toJSON?: unknown }).toJSON
  return typeof toJSON === 'function' ? toJSON.call(value) : value
}

function safePatternTest (pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name)
  } catch {
    return false
  }
}

function isString (value: unknown): value is string {
  return typeof value === 'string'
}
