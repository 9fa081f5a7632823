import type { SerializationIssue, SerializationIssueKind } from '../types.js'
import { conformsTo } from './conforms.js'
import { appendToPointer } from './json-pointer.js'
import { MAX_INSPECTION_DEPTH } from './limits.js'
import { judgeScalar, NULL_REPLACEMENTS, type Rounding, type Verdict } from './scalar-rules.js'
import type { SchemaRegistry } from './schema-registry.js'
import { acceptsNull, declaredTypes, isSchemaNode, mergeSchemas, withoutKeywords, type SchemaNode } from './schema-shape.js'
import { describeValue } from './value-description.js'

export interface Inspection {
  registry: SchemaRegistry
  rounding: Rounding
  issues: SerializationIssue[]
  /** Objects and arrays on the path from the root to the value being inspected. */
  ancestors: Set<object>
  /** The schemas each object or array was already inspected under. */
  inspected: WeakMap<object, Set<unknown>>
}

/**
 * Walks `value` the way fast-json-stringify walks it under `schema` and records, at the JSON
 * pointer of the value, whatever the serializer would drop, convert or fail on. Never throws.
 */
export function inspectValue(value: unknown, schema: unknown, path: string, depth: number, inspection: Inspection): void {
  if (depth > MAX_INSPECTION_DEPTH) return
  try {
    inspectAgainstSchema(value, schema, path, depth, inspection)
  } catch (error) {
    // Only reading the data can throw here (a getter, toJSON, a revoked proxy); the serializer
    // reads the same value and would fail the same way.
    report(inspection, path, 'type-mismatch', `reading the value threw (${errorMessage(error)}): the serializer fails too`)
  }
}

function inspectAgainstSchema(value: unknown, schema: unknown, path: string, depth: number, inspection: Inspection): void {
  if (!isSchemaNode(schema)) {
    if (schema !== false) inspectUntyped(value, path, inspection)
    return
  }
  if (typeof schema.$ref === 'string') {
    // fast-json-stringify ignores keywords beside $ref (draft-07), and so does the inspector.
    const target = inspection.registry.resolve(schema.$ref, schema)
    if (target !== undefined) inspectValue(value, target, path, depth + 1, inspection)
    return
  }
  if (Array.isArray(schema.allOf)) return inspectAllOf(value, schema, schema.allOf, path, depth, inspection)
  if (Array.isArray(schema.anyOf)) return inspectAlternatives(value, schema, 'anyOf', path, depth, inspection)
  if (Array.isArray(schema.oneOf)) return inspectAlternatives(value, schema, 'oneOf', path, depth, inspection)
  if (schema.if !== undefined) return inspectConditional(value, schema, path, depth, inspection)
  if ('const' in schema) return inspectConst(value, schema.const, path, inspection)

  const types = declaredTypes(schema)
  if (types === undefined) return inspectUntyped(value, path, inspection)
  if (value === undefined) {
    // Only an array item or the root can be undefined here: declared properties that are
    // undefined are skipped like absent ones. Under a single boolean or null type it becomes
    // false/null; otherwise fast-json-stringify throws (or, for a bare object type, writes {}).
    if (types.length === 1 && (types[0] === 'boolean' || types[0] === 'null')) {
      report(inspection, path, 'coerced', `undefined is written as ${types[0] === 'boolean' ? 'false' : 'null'}`)
    } else {
      report(inspection, path, 'type-mismatch', `undefined is not a valid "${types.join('", "')}" value: the serializer throws or writes a placeholder`)
    }
    return
  }
  if (value === null) {
    if (!acceptsNull(schema, types)) {
      const type = types[0] as string
      report(inspection, path, 'coerced',
        `null is not allowed (type "${type}" is not nullable): it is written as ${NULL_REPLACEMENTS[type] ?? 'null'}`)
    }
    return
  }
  const type = types.length === 1 ? types[0] as string : pickUnionMember(value, types)
  if (type === undefined) {
    report(inspection, path, 'type-mismatch',
      `expected one of ${types.join(', ')}, got ${describeValue(value)}: the serializer throws`)
    return
  }
  if (type === 'object') return inspectObject(value, schema, path, depth, inspection)
  if (type === 'array') return inspectArray(value, schema, path, depth, inspection)
  reportVerdict(inspection, path, judgeScalar(value, type, schema.format, inspection.rounding))
}

/**
 * fast-json-stringify picks the member of a type list by the JavaScript type of the value, in the
 * order listed and without converting; nothing fitting makes it throw. Its notion of fitting has
 * quirks kept here: an array fits `object` and `string` (written joined), a Date or RegExp fits
 * `string`, a float, Infinity or BigInt does not fit `integer`.
 */
function pickUnionMember(value: unknown, types: readonly string[]): string | undefined {
  return types.find(function fitsMember(type) {
    switch (type) {
      case 'object': return typeof value === 'object' && value !== null
      case 'array': return Array.isArray(value)
      case 'string': return typeof value === 'string' || value instanceof Date || value instanceof RegExp || Array.isArray(value)
      case 'integer': return Number.isInteger(value)
      case 'number': return typeof value === 'number'
      case 'boolean': return typeof value === 'boolean'
      default: return false
    }
  })
}

function inspectObject(value: unknown, schema: SchemaNode, path: string, depth: number, inspection: Inspection): void {
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
      withAncestor(data, inspection, function inspectItemsAsProperties() {
        inspectUndeclaredProperties(boxed, schema, properties, path, depth, inspection, false)
      })
    }
    return
  }
  const record = data as Record<string, unknown>
  const properties = isSchemaNode(schema.properties) ? schema.properties : {}
  withAncestor(record, inspection, function inspectProperties() {
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

function inspectUndeclaredProperties(
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
    const pattern = patterns.find(function keyMatches(candidate) { return safePatternTest(candidate, name) })
    if (pattern !== undefined) {
      inspectChild(propertyValue, (schema.patternProperties as SchemaNode)[pattern], propertyPath, depth, inspection)
    } else if (additional === true || isSchemaNode(additional)) {
      inspectChild(propertyValue, additional, propertyPath, depth, inspection)
    } else if (reportDropped) {
      report(inspection, propertyPath, 'dropped', `property "${name}" is not declared in the schema: it is left out`)
    }
  }
}

function inspectArray(value: unknown, schema: SchemaNode, path: string, depth: number, inspection: Inspection): void {
  if (!Array.isArray(value)) {
    report(inspection, path, 'type-mismatch', `expected an array, got ${describeValue(value)}: the serializer throws`)
    return
  }
  const items = schema.items
  if (items === undefined) return inspectUntyped(value, path, inspection)
  withAncestor(value, inspection, function inspectItems() {
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
function inspectTupleItems(
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

function passesTupleGate(item: unknown, itemSchema: unknown, depth: number, inspection: Inspection): boolean {
  const resolved = resolveNode(itemSchema, depth, inspection)
  if (resolved === undefined) return true
  const types = declaredTypes(resolved)
  if (types === undefined || typeof resolved.type === 'undefined') {
    return conformsTo(item, resolved, inspection.registry, depth + 1)
  }
  if (item === null && acceptsNull(resolved, types)) return true
  return types.some(function fitsPosition(type) {
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
function inspectChild(value: unknown, schema: unknown, path: string, depth: number, inspection: Inspection): void {
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

function withAncestor(container: object, inspection: Inspection, inspectContents: () => void): void {
  const added = !inspection.ancestors.has(container)
  if (added) inspection.ancestors.add(container)
  try {
    inspectContents()
  } finally {
    if (added) inspection.ancestors.delete(container)
  }
}

function inspectAllOf(
  value: unknown,
  schema: SchemaNode,
  members: unknown[],
  path: string,
  depth: number,
  inspection: Inspection
): void {
  let merged = withoutKeywords(schema, ['allOf'])
  inspection.registry.adopt(merged, schema)
  for (const member of members) {
    const resolved = resolveNode(member, depth, inspection)
    if (resolved === undefined) continue
    const next = mergeSchemas(merged, resolved)
    inspection.registry.adopt(next, resolved)
    merged = next
  }
  inspectValue(value, merged, path, depth + 1, inspection)
}

/**
 * fast-json-stringify serializes with the first member Ajv accepts (for `oneOf` too, without
 * checking that only one does), combined with the keywords beside `anyOf`/`oneOf`; when none
 * accepts the value it throws.
 */
function inspectAlternatives(
  value: unknown,
  schema: SchemaNode,
  keyword: 'anyOf' | 'oneOf',
  path: string,
  depth: number,
  inspection: Inspection
): void {
  const base = withoutKeywords(schema, [keyword])
  inspection.registry.adopt(base, schema)
  for (const member of schema[keyword] as unknown[]) {
    const resolved = resolveNode(member, depth, inspection)
    if (resolved === undefined) continue
    const candidate = mergeSchemas(base, resolved)
    inspection.registry.adopt(candidate, resolved)
    if (conformsTo(value, candidate, inspection.registry, depth + 1)) {
      inspectValue(value, candidate, path, depth + 1, inspection)
      return
    }
  }
  report(inspection, path, 'type-mismatch',
    `${describeValue(value)} matches none of the ${keyword} members: the serializer throws`)
}

function inspectConditional(value: unknown, schema: SchemaNode, path: string, depth: number, inspection: Inspection): void {
  const base = withoutKeywords(schema, ['if', 'then', 'else'])
  inspection.registry.adopt(base, schema)
  const matches = conformsTo(value, schema.if, inspection.registry, depth + 1)
  const branch = resolveNode(matches ? schema.then : schema.else, depth, inspection)
  let effective = base
  if (branch !== undefined) {
    effective = mergeSchemas(base, branch)
    inspection.registry.adopt(effective, branch)
  }
  inspectValue(value, effective, path, depth + 1, inspection)
}

function inspectConst(value: unknown, constant: unknown, path: string, inspection: Inspection): void {
  if (isJsonEqual(value, constant)) return
  report(inspection, path, 'coerced',
    `${describeValue(value)} differs from the schema's const: ${safeJson(constant)} is written instead`)
}

/** Without a usable schema fast-json-stringify falls back to JSON.stringify, which can still throw. */
function inspectUntyped(value: unknown, path: string, inspection: Inspection): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    report(inspection, path, 'dropped', `${describeValue(value)} has no JSON form: it is left out (null inside an array)`)
    return
  }
  try {
    JSON.stringify(value)
  } catch (error) {
    report(inspection, path, 'type-mismatch', `JSON.stringify fails on this value (${errorMessage(error)})`)
  }
}

/** Follows `$ref` chains so combinator members can be merged; `undefined` for dangling ones. */
function resolveNode(schema: unknown, depth: number, inspection: Inspection): SchemaNode | undefined {
  let current = schema
  for (let hops = 0; hops + depth <= MAX_INSPECTION_DEPTH; hops++) {
    if (current === true) return {}
    if (!isSchemaNode(current)) return undefined
    if (typeof current.$ref !== 'string') return current
    current = inspection.registry.resolve(current.$ref, current)
  }
  return undefined
}

function applyToJSON(value: unknown): unknown {
  const toJSON = (value as { toJSON?: unknown }).toJSON
  return typeof toJSON === 'function' ? toJSON.call(value) : value
}

function isJsonEqual(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true
  const leftJson = safeJson(left)
  return leftJson !== undefined && leftJson === safeJson(right)
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

function safePatternTest(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name)
  } catch {
    return false
  }
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'an unprintable error'
  }
}

function reportMissingRequired(inspection: Inspection, objectPath: string, name: string): void {
  report(inspection, appendToPointer(objectPath, name), 'missing-required',
    `required property "${name}" is missing: the serializer throws '"${name}" is required!'`)
}

function reportVerdict(inspection: Inspection, path: string, verdict: Verdict | undefined): void {
  if (verdict !== undefined) report(inspection, path, verdict.kind, verdict.message)
}

function report(inspection: Inspection, path: string, kind: SerializationIssueKind, message: string): void {
  inspection.issues.push({ path, kind, message })
}
