/** Where a context's shared schemas live: the `schemaController` option and setSchemaController (an app's own bucket, compiler factories). */
import { errorCodes } from '../errors/codes.js'
import { checkSchemaController } from './schema-controller-option.js'
import { jsonTextOf, SchemaStore, type JsonSchema } from './schema-store.js'
import type { SchemaBucket } from '../types/options.js'
import type { AnyFunction } from '../types/internal.js'

/** What a context reads its shared schemas through: the default store or an app's own bucket. */
export interface SchemaView {
  add (schema: unknown): void
  get (id: string): JsonSchema | undefined
  /** Every schema the context sees, keyed by $id. */
  all (): Record<string, JsonSchema>
  /** Equal for two contexts that see the same schemas, so they can share one compiler. */
  identity (): string
}

let opaqueBuckets = 0

/**
 * An app's own bucket (`schemaController.bucket`): Enclave stores nothing itself, it asks the
 * bucket, as Fastify does; `addSchema`, `getSchema` and `getSchemas` are the bucket's methods.
 */
export class CustomSchemaBucket implements SchemaView {
  private readonly bucket: SchemaBucket
  private readonly opaqueKey = `bucket:${++opaqueBuckets}`

  constructor (bucket: unknown) {
    // Only getSchemas() is read by every route; as in Fastify, add() and getSchema() are needed
    // only by an app calling addSchema()/getSchema(), so a read-only bucket is accepted.
    if (typeof bucket !== 'object' || bucket === null || typeof (bucket as SchemaBucket).getSchemas !== 'function') {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('schemaController.bucket must return an object with getSchemas() (and add(), getSchema() to use addSchema(), getSchema())')
    }
    this.bucket = bucket as SchemaBucket
  }

  add (schema: unknown): void {
    this.bucket.add(schema)
  }

  get (id: string): JsonSchema | undefined {
    return this.bucket.getSchema(id) as JsonSchema | undefined
  }

  all (): Record<string, JsonSchema> {
    return (this.bucket.getSchemas() ?? {}) as Record<string, JsonSchema>
  }

  identity (): string {
    // Read when routes compile (ready()): the bucket may have changed since, so it is asked again.
    const visible = this.all()
    if (Object.keys(visible).length === 0) return ''
    return jsonTextOf(visible) ?? this.opaqueKey
  }
}

/** The `schemaController` settings a context owns (setSchemaController) or the server option gives. */
export interface SchemaControllerState {
  readonly bucket: AnyFunction | null
  readonly buildValidator: AnyFunction | null
  readonly buildSerializer: AnyFunction | null
}

export function createControllerState (input: unknown): SchemaControllerState {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('setSchemaController expects an object { bucket?, compilersFactory? }')
  }
  const options = input as Record<string, unknown>
  checkSchemaController(options)
  const factories = options.compilersFactory ?? {}
  return {
    bucket: options.bucket ?? null,
    buildValidator: factories.buildValidator ?? null,
    buildSerializer: factories.buildSerializer ?? null
  }
}

/**
 * The schema view of a new context: with a bucket factory, the factory's bucket given the schemas
 * the parent sees (none at the root); else the default store, which reads its parent's live.
 */
export function createSchemaView (bucketFactory: AnyFunction | null, parent: SchemaView | null): SchemaView {
  if (bucketFactory !== null) return new CustomSchemaBucket(bucketFactory(parent === null ? undefined : parent.all()))
  // A bucket factory is inherited, so a default store's parent is a default store too.
  return new SchemaStore(parent instanceof SchemaStore ? parent : null)
}
