import { conformsTo } from './conforms.js'
import { inspectArray, inspectObject } from './inspect-containers.js'
import { errorMessage, report, reportVerdict, type Inspection } from './inspection.js'
import { MAX_INSPECTION_DEPTH } from './limits.js'
import { judgeScalar, NULL_REPLACEMENTS } from './scalar-rules.js'
import { acceptsNull, declaredTypes, isSchemaNode, mergeSchemas, withoutKeywords, type SchemaNode } from './schema-shape.js'
import { describeValue } from './value-description.js'

/**
 * Walks `value` the way fast-json-stringify walks it under `schema` and records, at the JSON
 * pointer of the value, whatever the serializer would drop, convert or fail on. Never throws.
 */
export function inspectValue (value: unknown, schema: unknown, path: string, depth: number, inspection: Inspection): void {
  if (depth > MAX_INSPECTION_DEPTH) return
  try {
    inspectAgainstSchema(value, schema, path, depth, inspection)
  } catch (error) {
    // Only reading the data can throw here (a getter, toJSON, a revoked proxy); the serializer
    // reads the same value and would fail the same way.
    report(inspection, path, 'type-mismatch', `reading the value threw (${errorMessage(error)}): the serializer fails too`)
  }
}

function inspectAgainstSchema (value: unknown, schema: unknown, path: string, depth: number, inspection: Inspection): void {
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
 * quirks kept here: an array does not fit `object` but fits `string` (written joined), as does any
 * object with its own `toString` (a Date, a RegExp, a Buffer …); a float, Infinity or BigInt does
 * not fit `integer`.
 */
function pickUnionMember (value: unknown, types: readonly string[]): string | undefined {
  return types.find(function fitsMember (type) {
    switch (type) {
      case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value)
      case 'array': return Array.isArray(value)
      case 'string': return typeof value === 'string' || hasOwnToString(value)
      case 'integer': return Number.isInteger(value)
      case 'number': return typeof value === 'number'
      case 'boolean': return typeof value === 'boolean'
      default: return false
    }
  })
}

function hasOwnToString (value: unknown): boolean {
  return typeof value === 'object' && value !== null &&
    typeof (value as { toString?: unknown }).toString === 'function' &&
    (value as { toString: unknown }).toString !== Object.prototype.toString
}

function inspectAllOf (
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
function inspectAlternatives (
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

function inspectConditional (value: unknown, schema: SchemaNode, path: string, depth: number, inspection: Inspection): void {
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

function inspectConst (value: unknown, constant: unknown, path: string, inspection: Inspection): void {
  if (isJsonEqual(value, constant)) return
  report(inspection, path, 'coerced',
    `${describeValue(value)} differs from the schema's const: ${safeJson(constant)} is written instead`)
}

/** Without a usable schema fast-json-stringify falls back to JSON.stringify, which can still throw. */
export function inspectUntyped (value: unknown, path: string, inspection: Inspection): void {
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
export function resolveNode (schema: unknown, depth: number, inspection: Inspection): SchemaNode | undefined {
  let current = schema
  for (let hops = 0; hops + depth <= MAX_INSPECTION_DEPTH; hops++) {
    if (current === true) return {}
    if (!isSchemaNode(current)) return undefined
    if (typeof current.$ref !== 'string') return current
    current = inspection.registry.resolve(current.$ref, current)
  }
  return undefined
}

function isJsonEqual (left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true
  const leftJson = safeJson(left)
  return leftJson !== undefined && leftJson === safeJson(right)
}

function safeJson (value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}
