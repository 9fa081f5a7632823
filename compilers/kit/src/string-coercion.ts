/**
 * Query strings, path parameters and headers arrive as strings. This turns the string values of an
 * object into the types its JSON Schema declares, the way Ajv's `coerceTypes: 'array'` does for the
 * default compiler: "5" for a number, "true"/"false" for a boolean, a lone value for an array. A
 * value the schema also accepts as a string is left alone, so a number-or-string property
 * (`z.union([z.number(), z.string()])`) keeps "007" as typed.
 *
 * For adapters whose library can describe a schema's input as JSON Schema (Zod's `z.toJSONSchema`,
 * Standard Schema's `~standard.jsonSchema`).
 */

export type JsonSchema = Record<string, unknown> | boolean

const STRING = 1
const NUMBER = 2
const BOOLEAN = 4
const ARRAY = 8
const OTHER = 16
const ANY = 32

/**
 * What a value may be, as a bit set of kinds; strings the schema accepts only as listed literals
 * (`z.literal('all')`, an enum) are kept apart, so "3" still converts next to them.
 */
interface Accepts {
  kinds: number
  literals: Set<string>
}

/** What one property accepts, and what the items of an array there accept. */
interface PropertyPlan {
  readonly key: string
  readonly value: Accepts
  readonly items: Accepts
}

export type StringCoercer = (data: unknown) => unknown

const typeKinds: Record<string, number> = {
  string: STRING, number: NUMBER, integer: NUMBER, boolean: BOOLEAN, array: ARRAY, object: OTHER, null: OTHER
}

function acceptLiteral (value: unknown, into: Accepts): void {
  if (typeof value === 'string') into.literals.add(value)
  else if (typeof value === 'number') into.kinds |= NUMBER
  else if (typeof value === 'boolean') into.kinds |= BOOLEAN
  else into.kinds |= Array.isArray(value) ? ARRAY : OTHER
}

function resolveRef (root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root
  const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref)
  if (match === null || typeof root !== 'object') return undefined
  const table = root[match[1]!]
  if (table === null || typeof table !== 'object') return undefined
  const name = match[2]!.replace(/~1/g, '/').replace(/~0/g, '~')
  return (table as Record<string, JsonSchema>)[name]
}

function branchesOf (schema: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(schema.anyOf)) return schema.anyOf as unknown[]
  if (Array.isArray(schema.oneOf)) return schema.oneOf as unknown[]
  // Every branch of allOf must hold; taking their union errs towards leaving strings alone.
  if (Array.isArray(schema.allOf)) return schema.allOf as unknown[]
  return undefined
}

/** Adds what `schema` accepts to `into`; `seen` breaks recursive `$ref` cycles. */
function collectAccepts (schema: JsonSchema | undefined, root: JsonSchema, into: Accepts, seen: Set<unknown>): void {
  if (schema === undefined || schema === true) { into.kinds |= ANY; return }
  if (schema === false || seen.has(schema)) return
  seen.add(schema)
  if (typeof schema.$ref === 'string') {
    collectAccepts(resolveRef(root, schema.$ref), root, into, seen)
  } else if ('const' in schema) {
    // Before `type`: `{ type: 'string', const: 'all' }` takes one string, not any.
    acceptLiteral(schema.const, into)
  } else if (Array.isArray(schema.enum)) {
    for (const value of schema.enum) acceptLiteral(value, into)
  } else if (typeof schema.type === 'string' || Array.isArray(schema.type)) {
    for (const name of ([] as unknown[]).concat(schema.type)) into.kinds |= typeKinds[String(name)] ?? ANY
  } else {
    const branches = branchesOf(schema)
    if (branches === undefined) into.kinds |= ANY
    else for (const branch of branches) collectAccepts(branch as JsonSchema, root, into, seen)
  }
  seen.delete(schema)
}

/** Adds what the items of the arrays `schema` accepts may be. */
function collectItemAccepts (schema: JsonSchema | undefined, root: JsonSchema, into: Accepts, seen: Set<unknown>): void {
  if (schema === undefined || typeof schema === 'boolean') { into.kinds |= ANY; return }
  if (seen.has(schema)) return
  seen.add(schema)
  if (typeof schema.$ref === 'string') {
    collectItemAccepts(resolveRef(root, schema.$ref), root, into, seen)
  } else if (schema.items !== undefined && !Array.isArray(schema.items)) {
    collectAccepts(schema.items as JsonSchema, root, into, new Set())
  } else {
    const branches = branchesOf(schema)
    if (branches === undefined) into.kinds |= ANY
    else for (const branch of branches) collectItemAccepts(branch as JsonSchema, root, into, seen)
  }
  seen.delete(schema)
}

/** Property name → JSON Schema, across allOf / anyOf / oneOf branches of the object schema. */
function collectProperties (schema: JsonSchema | undefined, root: JsonSchema, into: Map<string, JsonSchema[]>, depth: number): void {
  if (schema === undefined || typeof schema === 'boolean' || depth > 16) return
  if (typeof schema.$ref === 'string') return collectProperties(resolveRef(root, schema.$ref), root, into, depth + 1)
  const properties = schema.properties
  if (properties !== null && typeof properties === 'object') {
    for (const [key, property] of Object.entries(properties as Record<string, JsonSchema>)) {
      const list = into.get(key)
      if (list === undefined) into.set(key, [property])
      else list.push(property)
    }
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[keyword]
    if (Array.isArray(branches)) for (const branch of branches) collectProperties(branch as JsonSchema, root, into, depth + 1)
  }
}

/** The top-level property names the schema declares (headers must be declared lower-case). */
export function declaredPropertyNames (schema: JsonSchema): string[] {
  const properties = new Map<string, JsonSchema[]>()
  collectProperties(schema, schema, properties, 0)
  return [...properties.keys()]
}

/** True when the schema would take the text as it is, so converting it could only do harm. */
function takesText (accepts: Accepts, text: string): boolean {
  return (accepts.kinds & (STRING | ANY)) !== 0 || accepts.literals.has(text)
}

function convertible (accepts: Accepts): boolean {
  return (accepts.kinds & (STRING | ANY)) === 0 && (accepts.kinds & (NUMBER | BOOLEAN)) !== 0
}

function planFor (schema: JsonSchema): PropertyPlan[] {
  const properties = new Map<string, JsonSchema[]>()
  collectProperties(schema, schema, properties, 0)
  const plan: PropertyPlan[] = []
  for (const [key, alternatives] of properties) {
    const value: Accepts = { kinds: 0, literals: new Set() }
    const items: Accepts = { kinds: 0, literals: new Set() }
    for (const property of alternatives) collectAccepts(property, schema, value, new Set())
    if ((value.kinds & ARRAY) !== 0) for (const property of alternatives) collectItemAccepts(property, schema, items, new Set())
    const wrapsLoneValues = (value.kinds & ARRAY) !== 0 && (value.kinds & (STRING | ANY)) === 0
    if (convertible(value) || wrapsLoneValues || ((value.kinds & ARRAY) !== 0 && convertible(items))) plan.push({ key, value, items })
  }
  return plan
}

/** Number("") is 0 and Number(" ") too: only text that reads as a number converts. */
function convertScalar (text: string, accepts: Accepts): unknown {
  if (takesText(accepts, text)) return text
  if ((accepts.kinds & NUMBER) !== 0 && text.trim() !== '') {
    const number = Number(text)
    if (!Number.isNaN(number)) return number
  }
  if ((accepts.kinds & BOOLEAN) !== 0) {
    if (text === 'true') return true
    if (text === 'false') return false
  }
  return text
}

function convertItems (items: unknown[], accepts: Accepts): unknown[] {
  let converted: unknown[] | undefined
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    if (typeof item !== 'string') continue
    const value = convertScalar(item, accepts)
    if (value === item) continue
    if (converted === undefined) converted = items.slice()
    converted[i] = value
  }
  return converted ?? items
}

function convertProperty (value: unknown, plan: PropertyPlan): unknown {
  if (typeof value === 'string') {
    if (takesText(plan.value, value)) return value
    const scalar = convertScalar(value, plan.value)
    if (scalar !== value) return scalar
    // A parameter sent once is a string; the schema wants a list of one.
    if ((plan.value.kinds & ARRAY) !== 0) return [convertScalar(value, plan.items)]
    return value
  }
  if (Array.isArray(value) && (plan.value.kinds & ARRAY) !== 0) return convertItems(value, plan.items)
  return value
}

/**
 * A copy without a prototype: a `__proto__` key sent by the client (`?__proto__=a&__proto__=b`)
 * stays an ordinary property instead of becoming the copy's prototype.
 */
function ownCopy (data: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(null) as Record<string, unknown>
  for (const key of Object.keys(data)) copy[key] = data[key]
  return copy
}

/**
 * A function converting the string values of an object per the schema, or null when nothing in the
 * schema calls for it. The input object is never modified: a changed value goes into a copy.
 */
export function createStringCoercer (schema: JsonSchema): StringCoercer | null {
  const plan = planFor(schema)
  if (plan.length === 0) return null
  return function coerceStrings (data: unknown): unknown {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return data
    let copy: Record<string, unknown> | undefined
    for (let i = 0; i < plan.length; i++) {
      const property = plan[i]!
      if (!Object.hasOwn(data, property.key)) continue
      const value = (data as Record<string, unknown>)[property.key]
      const converted = convertProperty(value, property)
      if (converted === value) continue
      if (copy === undefined) copy = ownCopy(data as Record<string, unknown>)
      copy[property.key] = converted
    }
    return copy ?? data
  }
}
