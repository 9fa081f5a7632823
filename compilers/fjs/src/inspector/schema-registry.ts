import { externalsForRouteSchema } from '../route-externals.js'
import { evaluatePointer } from './json-pointer.js'
import { isSchema, isSchemaNode, type Schema, type SchemaNode } from './schema-shape.js'

/** A schema document (the route schema, a shared schema, or one embedded under its own `$id`). */
interface SchemaResource {
  id: string | undefined
  root: unknown
  /** Subschemas declared as `$id: '#name'` (or `$anchor: 'name'`), by name. */
  anchors: Map<string, SchemaNode>
}

export interface SchemaRegistry {
  /** Resolves `ref` as written in `from`; `undefined` when it points nowhere. */
  resolve(ref: string, from: SchemaNode): Schema | undefined
  /** Lets a schema built by merging resolve its references like the one it was derived from. */
  adopt(derived: SchemaNode, source: SchemaNode): void
}

/**
 * The inspector resolves references itself instead of asking fast-json-stringify, whose resolver
 * is internal. Every subschema is mapped to the document it belongs to, so a `$ref` is resolved
 * against the right base wherever the walk reached it from (e.g. `#/definitions/x` written inside
 * a shared schema means that shared schema's definitions).
 */
export function createSchemaRegistry (rootSchema: unknown, externalSchemas: Record<string, object>): SchemaRegistry {
  const resources = new Map<string, SchemaResource>()
  const owners = new WeakMap<object, SchemaResource>()
  const resourceRoots = new WeakSet<object>()

  function indexResource (schema: unknown, names: readonly string[], baseId: string | undefined): SchemaResource {
    const ownId = isSchemaNode(schema) && typeof schema.$id === 'string' ? withoutEmptyFragment(schema.$id) : undefined
    const id = ownId === undefined ? undefined : absoluteId(ownId, baseId)
    const resource: SchemaResource = { id, root: schema, anchors: new Map() }
    if (typeof schema === 'object' && schema !== null) resourceRoots.add(schema)
    for (const name of [...names, ownId, id]) {
      if (name !== undefined && name !== '') resources.set(name, resource)
    }
    indexNode(schema, resource, new Set())
    return resource
  }

  function indexNode (node: unknown, resource: SchemaResource, seen: Set<object>): void {
    if (typeof node !== 'object' || node === null || seen.has(node)) return
    // A cyclic schema object may lead back to a document already indexed.
    if (node !== resource.root && resourceRoots.has(node)) return
    seen.add(node)
    if (Array.isArray(node)) {
      for (const entry of node) indexNode(entry, resource, seen)
      return
    }
    const schemaNode = node as SchemaNode
    const id = schemaNode.$id
    if (node !== resource.root && typeof id === 'string' && !id.startsWith('#')) {
      indexResource(node, [], resource.id)
      return
    }
    owners.set(node, resource)
    if (typeof id === 'string' && id.startsWith('#') && id.length > 1) resource.anchors.set(id.slice(1), schemaNode)
    if (typeof schemaNode.$anchor === 'string') resource.anchors.set(schemaNode.$anchor, schemaNode)
    for (const value of Object.values(schemaNode)) indexNode(value, resource, seen)
  }

  // Same rule as the compiler: a shared schema with the route schema's own $id is the route schema.
  const externals = externalsForRouteSchema(externalSchemas ?? {}, rootSchema)
  for (const [key, schema] of Object.entries(externals)) indexResource(schema, [withoutEmptyFragment(key)], undefined)
  const rootResource = indexResource(rootSchema, [], undefined)

  function findResource (uri: string, base: SchemaResource): SchemaResource | undefined {
    return resources.get(uri) ?? resources.get(absoluteId(uri, base.id) ?? uri)
  }

  return {
    resolve: function resolveRef (ref, from) {
      const base = owners.get(from) ?? rootResource
      const hashAt = ref.indexOf('#')
      const uri = hashAt === -1 ? ref : ref.slice(0, hashAt)
      const fragment = hashAt === -1 ? '' : ref.slice(hashAt + 1)
      const target = uri === '' ? base : findResource(uri, base)
      if (target === undefined) return undefined
      let resolved: unknown
      if (fragment === '') resolved = target.root
      else if (fragment.startsWith('/')) resolved = evaluatePointer(target.root, fragment)
      else resolved = target.anchors.get(safeDecode(fragment))
      return isSchema(resolved) ? resolved : undefined
    },
    adopt: function adoptSchema (derived, source) {
      const owner = owners.get(source)
      if (owner !== undefined && !owners.has(derived)) owners.set(derived, owner)
    }
  }
}

function withoutEmptyFragment (id: string): string {
  return id.endsWith('#') ? id.slice(0, -1) : id
}

/** Relative ids (`item.json` inside `http://x/root.json`) are resolved like URLs when they can be. */
function absoluteId (id: string, baseId: string | undefined): string | undefined {
  if (baseId === undefined) return id
  try {
    return new URL(id, baseId).href
  } catch {
    return id
  }
}

function safeDecode (text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
