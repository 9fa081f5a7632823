import { errorCodes } from '../errors/codes.js'

export type JsonSchema = Record<string, any>

/**
 * Shared schemas (`addSchema`) of one context. A context sees its own and its ancestors' schemas,
 * never its descendants' or siblings' (spec rule 8).
 */
export class SchemaStore {
  private readonly parent: SchemaStore | null
  private readonly own = new Map<string, JsonSchema>()

  constructor (parent: SchemaStore | null) {
    this.parent = parent
  }

  add (schema: unknown): void {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    }
    const id = (schema as JsonSchema).$id
    if (typeof id !== 'string' || id.length === 0) throw new errorCodes.FST_ERR_SCH_MISSING_ID()
    if (this.get(id) !== undefined) throw new errorCodes.FST_ERR_SCH_ALREADY_PRESENT(id)
    this.own.set(id, schema as JsonSchema)
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

  /** A key that is equal for two contexts exactly when they see the same shared schemas. */
  identity (): string {
    const ids: string[] = []
    for (let store: SchemaStore | null = this; store !== null; store = store.parent) {
      if (store.own.size > 0) ids.push(...store.own.keys())
    }
    return ids.length === 0 ? '' : JSON.stringify(this.all())
  }
}
