import { matchesFormat } from './formats.js'
import { MAX_INSPECTION_DEPTH } from './limits.js'
import type { SchemaRegistry } from './schema-registry.js'
import { isSchemaNode, type Schema, type SchemaNode } from './schema-shape.js'

/**
 * Strict JSON Schema validation, without coercion, of the keywords that decide which `anyOf`/`oneOf`
 * member, `if` branch or tuple item fast-json-stringify accepts. It plays the part Ajv plays inside
 * fast-json-stringify, best effort: unknown keywords and formats are accepted. Never throws; past
 * the depth limit a value is assumed to conform.
 */
export function conformsTo (value: unknown, schema: unknown, registry: SchemaRegistry, depth = 0): boolean {
  return conformsWithin(value, schema, { registry, ancestors: new Set(), results: new WeakMap() }, depth)
}

interface Check {
  registry: SchemaRegistry
  /** Containers on the path to the value, so cyclic data is not followed round and round. */
  ancestors: Set<object>
  /** Answers already computed per object and schema, so shared data is checked once. */
  results: WeakMap<object, Map<unknown, boolean>>
}

function conformsWithin (value: unknown, schema: unknown, check: Check, depth: number): boolean {
  if (depth > MAX_INSPECTION_DEPTH) return true
  if (typeof schema === 'boolean') return schema
  if (!isSchemaNode(schema)) return true
  try {
    return conformsToNode(value, schema, check, depth)
  } catch {
    // Reading the value threw (a getter, a revoked proxy): fast-json-stringify would throw as well.
    return false
  }
}

function conformsToNode (value: unknown, schema: SchemaNode, check: Check, depth: number): boolean {
  if (typeof schema.$ref === 'string') {
    const target = check.registry.resolve(schema.$ref, schema)
    return target === undefined || conformsWithin(value, target, check, depth + 1)
  }
  if (!matchesType(value, schema)) return false
  if ('const' in schema && !deepEqual(value, schema.const)) return false
  if (Array.isArray(schema.enum) && !schema.enum.some(function isEqual (option) { return deepEqual(value, option) })) return false
  if (typeof value === 'string' && !conformsToStringKeywords(value, schema)) return false
  if (typeof value === 'number' && !conformsToNumberKeywords(value, schema)) return false
  if (typeof value === 'object' && value !== null && !conformsToContents(value, schema, check, depth)) return false
  return conformsToCombinators(value, schema, check, depth)
}

function conformsToContents (value: object, schema: SchemaNode, check: Check, depth: number): boolean {
  const added = !check.ancestors.has(value)
  if (added) check.ancestors.add(value)
  try {
    if (Array.isArray(value)) return conformsToArrayKeywords(value, schema, check, depth)
    return conformsToObjectKeywords(value as Record<string, unknown>, schema, check, depth)
  } finally {
    if (added) check.ancestors.delete(value)
  }
}

function matchesType (value: unknown, schema: SchemaNode): boolean {
  if (value === null && schema.nullable === true) return true
  const type = schema.type
  if (type === undefined) return true
  const types = Array.isArray(type) ? type : [type]
  return types.some(function valueHasType (name) { return hasJsonType(value, name) })
}

function hasJsonType (value: unknown, type: unknown): boolean {
  switch (type) {
    case 'null': return value === null
    case 'boolean': return typeof value === 'boolean'
    case 'integer': return Number.isInteger(value)
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    // fast-json-stringify writes a Date as a string, and accepts it for string members.
    case 'string': return typeof value === 'string' || value instanceof Date
    case 'array': return Array.isArray(value)
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value)
    default: return true
  }
}

function conformsToStringKeywords (value: string, schema: SchemaNode): boolean {
  const length = [...value].length
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false
  if (typeof schema.pattern === 'string' && !matchesPattern(value, schema.pattern)) return false
  return matchesFormat(value, schema.format)
}

function matchesPattern (value: string, pattern: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value)
  } catch {
    return true
  }
}

function conformsToNumberKeywords (value: number, schema: SchemaNode): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema
  if (typeof minimum === 'number' && value < minimum) return false
  if (typeof maximum === 'number' && value > maximum) return false
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return false
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) return false
  if (typeof multipleOf === 'number' && multipleOf > 0 && !Number.isInteger(value / multipleOf)) return false
  return true
}

function conformsToObjectKeywords (
  value: Record<string, unknown>,
  schema: SchemaNode,
  check: Check,
  depth: number
): boolean {
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && value[name] === undefined) return false
    }
  }
  const properties = isSchemaNode(schema.properties) ? schema.properties : {}
  const patterns = isSchemaNode(schema.patternProperties) ? schema.patternProperties : {}
  const keys = Object.keys(value)
  if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) return false
  if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) return false
  for (const key of keys) {
    const propertyValue = value[key]
    // Ajv, like the serializer, treats a property holding undefined as absent.
    if (propertyValue === undefined) continue
    let declared = false
    if (Object.prototype.hasOwnProperty.call(properties, key)) {
      declared = true
      if (!childConforms(propertyValue, properties[key], check, depth)) return false
    }
    for (const pattern of Object.keys(patterns)) {
      if (matchesPattern(key, pattern)) {
        declared = true
        if (!childConforms(propertyValue, patterns[pattern], check, depth)) return false
      }
    }
    if (!declared && schema.additionalProperties !== undefined &&
      !childConforms(propertyValue, schema.additionalProperties, check, depth)) return false
  }
  return true
}

function conformsToArrayKeywords (value: unknown[], schema: SchemaNode, check: Check, depth: number): boolean {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) return false
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return false
  const items = schema.items
  if (Array.isArray(items)) {
    for (let index = 0; index < value.length; index++) {
      const itemSchema: unknown = index < items.length ? items[index] : schema.additionalItems
      if (itemSchema !== undefined && !childConforms(value[index], itemSchema, check, depth)) return false
    }
    return true
  }
  if (items === undefined) return true
  return value.every(function itemConforms (item) { return childConforms(item, items, check, depth) })
}

function conformsToCombinators (value: unknown, schema: SchemaNode, check: Check, depth: number): boolean {
  const next = depth + 1
  function memberConforms (member: unknown): boolean {
    return conformsWithin(value, member, check, next)
  }
  if (Array.isArray(schema.allOf) && !schema.allOf.every(memberConforms)) return false
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some(memberConforms)) return false
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter(memberConforms).length !== 1) return false
  if (schema.not !== undefined && conformsWithin(value, schema.not, check, next)) return false
  if (schema.if !== undefined) {
    const branch: Schema | undefined = conformsWithin(value, schema.if, check, next)
      ? schema.then as Schema | undefined
      : schema.else as Schema | undefined
    if (branch !== undefined && !conformsWithin(value, branch, check, next)) return false
  }
  return true
}

/**
 * A value that is its own ancestor is taken as conforming: the walk reports the cycle itself, and
 * following it would never end.
 */
function childConforms (child: unknown, schema: unknown, check: Check, depth: number): boolean {
  if (typeof child !== 'object' || child === null) return conformsWithin(child, schema, check, depth + 1)
  if (check.ancestors.has(child)) return true
  let answers = check.results.get(child)
  if (answers === undefined) {
    answers = new Map()
    check.results.set(child, answers)
  }
  let answer = answers.get(schema)
  if (answer === undefined) {
    answer = conformsWithin(child, schema, check, depth + 1)
    answers.set(schema, answer)
  }
  return answer
}

/** Structural equality for `const`/`enum`, on JSON-like values. */
export function deepEqual (left: unknown, right: unknown, depth = 0): boolean {
  if (Object.is(left, right) || left === right) return true
  if (depth > MAX_INSPECTION_DEPTH) return false
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false
  if (Array.isArray(left) !== Array.isArray(right)) return false
  const leftKeys = Object.keys(left)
  const rightKeys = Object.keys(right)
  if (leftKeys.length !== rightKeys.length) return false
  return leftKeys.every(function sameEntry (key) {
    return Object.prototype.hasOwnProperty.call(right, key) &&
      deepEqual((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], depth + 1)
  })
}
