/** Shared schemas (`addSchema`): the default per-context store, and the identity that lets contexts seeing the same schemas share a compiler. */
import { errorCodes } from '../errors/codes.js'
import rfdc from 'rfdc'
import { resolveFluentSchema } from './normalize-schema.js'

/** A JSON Schema object as users write it: read keyword by keyword, each narrowed where it is used. */
export type JsonSchema = Record<string, unknown>

// Bumped by every add() anywhere: a context's view also changes when an ancestor adds a schema,
// so a cached identity is only trusted while nothing at all was added since it was computed.
let generation = 0
let opaqueIdentities = 0

/**
 * Fastify's default store keeps a deep copy of each schema (rfdc's: functions kept, dates copied,
 * symbol keys left out), so a schema object changed or added again after addSchema (a template
 * given a new `$id` each time) leaves what was stored as it was. Cycles are kept (Fastify's copy
 * overflows the stack on them).
 */
const copySchema = rfdc({ circles: true })

/** JSON text of plain-JSON values; undefined for functions, symbols, bigints or cycles. */
export function jsonTextOf (value: unknown): string | undefined {
  let plain = true
  try {
    const text = JSON.stringify(value, function detectNonJson (_key, member: unknown) {
      const type = typeof member
      if (type === 'function' || type === 'symbol' || type === 'bigint') {
        plain = false
        return null
      }
      return member
    })
    return plain ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * Shared schemas (`addSchema`) of one context. A context sees its own and its ancestors' schemas,
 * never its descendants' or siblings' (docs/encapsulation.md).
 */
export class SchemaStore {
  private readonly parent: SchemaStore | null
  private readonly own = new Map<string, JsonSchema>()
  private identityGeneration = -1
  private identityKey = ''

  constructor (parent: SchemaStore | null) {
    this.parent = parent
  }

  add (given: unknown): void {
    // A fluent-json-schema builder is stored as the JSON Schema it builds, as Fastify stores it.
    const schema = resolveFluentSchema(given)
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    }
    const id = (schema as JsonSchema).$id
    if (typeof id !== 'string' || id.length === 0) throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    if (this.get(id) !== undefined) throw new errorCodes.FST_ERR_SCH_ALREADY_PRESENT(id)
    this.own.set(id, copySchema(schema as JsonSchema))
    generation++
  }

  get (id: string): JsonSchema | undefined {
    for (let store: SchemaStore | null = this; store !== null; store = store.parent) {
      const found = store.own.get(id)
      if (found !== undefined) return found
    }
    return undefined
  }

  /** All visible schemas keyed by $id, the root's first. */
  all (): Record<string, JsonSchema> {
    const chain: SchemaStore[] = []
    for (let store: SchemaStore | null = this; store !== null; store = store.parent) chain.unshift(store)
    const result: Record<string, JsonSchema> = {}
    for (const store of chain) {
      for (const [id, schema] of store.own) result[id] = schema
    }
    return result
  }

  /**
   * A key that is equal for two contexts exactly when they see the same shared schemas, so they
   * can share one compiler. Computed once per change, not once per route.
   */
  identity (): string {
    if (this.identityGeneration === generation) return this.identityKey
    const visible = this.all()
    let key = ''
    if (Object.keys(visible).length > 0) {
      // A set that is not plain JSON cannot be compared by its text, so it gets a key of its own.
      key = jsonTextOf(visible) ?? `opaque:${++opaqueIdentities}`
    }
    this.identityKey = key
    this.identityGeneration = generation
    return key
  }
}
