/**
 * Header schemas and `$ref`: header names are lower-cased in a route's own headers schema, but not
 * in a schema it references, so a `required` or a deny-list written there may never match. Fastify
 * 5.12 warns about both cases (FSTSEC002, FSTSEC003), once each per route; every Enclave entry does too.
 */
import { warnings } from '../errors/warnings.js'

interface FoundRefs {
  /** The first `$ref` to another schema, anywhere. */
  external: string | null
  /** The first local `$ref` inside `propertyNames`. */
  inPropertyNames: string | null
}

function visit (node: unknown, inPropertyNames: boolean, found: FoundRefs): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, inPropertyNames, found)
    return
  }
  if (node === null || typeof node !== 'object') return
  const schema = node as Record<string, unknown>
  const ref = schema.$ref
  if (typeof ref === 'string') {
    if (!ref.startsWith('#')) found.external ??= ref
    else if (inPropertyNames) found.inPropertyNames ??= ref
  }
  for (const key of Object.keys(schema)) {
    if (key !== '$ref') visit(schema[key], inPropertyNames || key === 'propertyNames', found)
  }
}

/** Warns about the `$ref`s in a route's headers schema that header-name lower-casing cannot reach. */
export function warnUnnormalizedHeaderRefs (schema: unknown, method: string | string[], url: string): void {
  const found: FoundRefs = { external: null, inPropertyNames: null }
  visit(schema, false, found)
  if (found.external !== null) warnings.FSTSEC002(method, url, found.external)
  if (found.inPropertyNames !== null) warnings.FSTSEC003(method, url, found.inPropertyNames)
}
