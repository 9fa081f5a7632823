/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access --
   the documents @fastify/swagger builds are untyped objects (`any` in its own types) */
import { isPlainObject } from './adapter-options.js'
import { isJsonSchemaObject, toJSONSchema } from './json-schema-converters.js'
import { definitionsKeyword, type JsonSchemaTarget } from './json-schema-target.js'

/** What @fastify/swagger 8 passes to its `transform` option, once per route and document. */
export interface SwaggerTransformInput {
  schema?: Record<string, unknown>
  url: string
  route?: unknown
  openapiObject?: Record<string, any>
  swaggerObject?: Record<string, any>
}

export interface SwaggerTransformObjectInput {
  openapiObject?: Record<string, any>
  swaggerObject?: Record<string, any>
}

const requestParts = ['body', 'querystring', 'params', 'headers'] as const
/** Swagger reads these parts' properties one by one, so a reference at their root is inlined. */
const parameterParts = new Set<string>(['querystring', 'params', 'headers'])

/**
 * The named schemas met while transforming the routes of one document, waiting for
 * `transformObject` to add them to its components. Keyed by the document object swagger is
 * building, so two apps (or two builds) never share components.
 */
const pendingComponents = new WeakMap<object, Map<string, Record<string, unknown>>>()

function documentTarget (input: SwaggerTransformObjectInput): JsonSchemaTarget {
  if (input.openapiObject === undefined) return 'draft-07'
  return String(input.openapiObject.openapi ?? '3.0').startsWith('3.1') ? 'openapi-3.1' : 'openapi-3.0'
}

function referencePrefix (input: SwaggerTransformObjectInput): string {
  return input.openapiObject === undefined ? '#/definitions/' : '#/components/schemas/'
}

function existingComponents (input: SwaggerTransformObjectInput): Record<string, unknown> {
  const found = input.openapiObject === undefined ? input.swaggerObject?.definitions : input.openapiObject.components?.schemas
  return isPlainObject(found) ? found : {}
}

function sameSchema (a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function refersToRoot (node: unknown): boolean {
  if (Array.isArray(node)) return node.some(refersToRoot)
  if (!isPlainObject(node)) return false
  for (const key of Object.keys(node)) {
    if (key === '$ref' ? node[key] === '#' : refersToRoot(node[key])) return true
  }
  return false
}

/** A component name from the route and part: `POST_categories_body`. */
function componentLabel (route: unknown, url: string, part: string): string {
  const method = (route as { method?: unknown } | undefined)?.method
  const verb = typeof method === 'string' ? method : Array.isArray(method) ? String(method[0]) : ''
  return `${verb}_${url}_${part}`.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '')
}

function rewriteRefs (node: unknown, renamed: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, renamed))
  if (!isPlainObject(node)) return node
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) {
    const value = node[key]
    out[key] = key === '$ref' && typeof value === 'string' && renamed.has(value) ? renamed.get(value) : rewriteRefs(value, renamed)
  }
  return out
}

class DocumentSchemas {
  private readonly input: SwaggerTransformInput
  private readonly target: JsonSchemaTarget
  private readonly prefix: string
  private readonly pending: Map<string, Record<string, unknown>>

  constructor (input: SwaggerTransformInput) {
    this.input = input
    this.target = documentTarget(input)
    this.prefix = referencePrefix(input)
    const document = input.openapiObject ?? input.swaggerObject ?? input
    let pending = pendingComponents.get(document)
    if (pending === undefined) {
      pending = new Map()
      pendingComponents.set(document, pending)
    }
    this.pending = pending
  }

  /**
   * The name a definition gets in the document: its own, unless another schema holds it already. A
   * response's form of a named schema often differs from the request's (closed objects, transforms'
   * results): it is `<name>Output`.
   */
  private componentName (name: string, schema: Record<string, unknown>, io: 'input' | 'output'): string {
    const existing = existingComponents(this.input)
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? name : n === 1 && io === 'output' ? `${name}Output` : `${name}_${n}`
      const held = this.pending.get(candidate) ?? existing[candidate]
      if (held === undefined || sameSchema(held, schema)) return candidate
    }
  }

  /** The part as JSON Schema, its shared definitions moved to the document's components. */
  convert (schema: unknown, io: 'input' | 'output', inlineRoot: boolean, label: string): unknown {
    if (isJsonSchemaObject(schema)) return schema
    const converted = toJSONSchema(schema, { target: this.target, io })
    const defsKey = definitionsKeyword(this.target)
    let defs = converted[defsKey]
    let root: Record<string, unknown> = {}
    for (const key of Object.keys(converted)) if (key !== defsKey) root[key] = converted[key]
    if (refersToRoot(converted)) {
      // A recursive schema without a name refers to itself as `#`, which in a document is the
      // document: it becomes a definition named after its route and part.
      const toRoot = new Map([['#', `#/${defsKey}/${label}`]])
      const lifted: Record<string, unknown> = { [label]: rewriteRefs(root, toRoot) }
      if (isPlainObject(defs)) for (const name of Object.keys(defs)) lifted[name] = rewriteRefs(defs[name], toRoot)
      defs = lifted
      root = { $ref: `#/${defsKey}/${label}` }
    }
    if (!isPlainObject(defs)) return root
    const renamed = new Map<string, string>()
    const names = new Map<string, string>()
    // Compared with the components already held in their document form (references rewritten).
    const asInDocument = new Map<string, string>()
    for (const name of Object.keys(defs)) asInDocument.set(`#/${defsKey}/${name}`, this.prefix + name)
    for (const name of Object.keys(defs)) {
      const chosen = this.componentName(name, rewriteRefs(defs[name], asInDocument) as Record<string, unknown>, io)
      names.set(name, chosen)
      renamed.set(`#/${defsKey}/${name}`, this.prefix + chosen)
    }
    const rewritten = rewriteRefs(root, renamed) as Record<string, unknown>
    const rewrittenDefs = new Map<string, Record<string, unknown>>()
    for (const [name, chosen] of names) rewrittenDefs.set(chosen, rewriteRefs(defs[name], renamed) as Record<string, unknown>)
    let inlined: string | undefined
    let keepInlined = false
    if (inlineRoot && typeof rewritten.$ref === 'string' && Object.keys(rewritten).length === 1) {
      inlined = rewritten.$ref.slice(this.prefix.length)
      const ref = JSON.stringify(rewritten.$ref)
      // Also a component when something (the schema itself, if recursive) refers to it.
      for (const definition of rewrittenDefs.values()) if (JSON.stringify(definition).includes(ref)) keepInlined = true
    }
    for (const [chosen, definition] of rewrittenDefs) {
      if ((chosen !== inlined || keepInlined) && !this.pending.has(chosen)) this.pending.set(chosen, definition)
    }
    return inlined === undefined ? rewritten : rewrittenDefs.get(inlined) ?? rewritten
  }

  label (part: string): string {
    return componentLabel(this.input.route, this.input.url, part)
  }

  convertResponses (responses: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const status of Object.keys(responses)) {
      const response = responses[status]
      // Fastify's per-content-type form: { content: { 'application/json': { schema } } }.
      if (isJsonSchemaObject(response) && isPlainObject(response.content)) {
        const content: Record<string, unknown> = {}
        for (const mime of Object.keys(response.content)) {
          const media = response.content[mime]
          content[mime] = isPlainObject(media) && 'schema' in media
            ? { ...media, schema: this.convert(media.schema, 'output', false, this.label(`${status}_${mime}`)) }
            : media
        }
        out[status] = { ...response, content }
      } else {
        out[status] = this.convert(response, 'output', false, this.label(`response_${status}`))
      }
    }
    return out
  }
}

/**
 * @fastify/swagger's `transform`: every request part and response of the route as JSON Schema in the
 * document's dialect (OpenAPI 3.0, 3.1, or Swagger 2.0's draft), whatever library wrote it. JSON
 * Schema parts are left as they are. Named schemas (a Zod `.meta({ id })`, a Joi `.shared()`, a yup
 * `.meta({ id })`) become references to components, added by `jsonSchemaTransformObject`.
 */
export function jsonSchemaTransform (input: SwaggerTransformInput): { schema: Record<string, unknown>, url: string } {
  const schema = input.schema
  // A route without a schema is handed back as given; @fastify/swagger's types call the result an
  // object (FastifySchema), and the function must fit its `transform` option.
  if (!isPlainObject(schema)) return { schema: input.schema as Record<string, unknown>, url: input.url }
  const document = new DocumentSchemas(input)
  const out: Record<string, unknown> = { ...schema }
  for (const part of requestParts) {
    if (schema[part] !== undefined) out[part] = document.convert(schema[part], 'input', parameterParts.has(part), document.label(part))
  }
  if (isPlainObject(schema.response)) out.response = document.convertResponses(schema.response)
  return { schema: out, url: input.url }
}

/** @fastify/swagger's `transformObject`: adds the components `jsonSchemaTransform` referenced. */
export function jsonSchemaTransformObject (input: SwaggerTransformObjectInput): Record<string, any> {
  const document = input.openapiObject ?? input.swaggerObject ?? {}
  const pending = pendingComponents.get(document)
  if (pending === undefined || pending.size === 0) return document
  let components: Record<string, unknown>
  if (input.openapiObject === undefined) {
    document.definitions ??= {}
    components = document.definitions
  } else {
    document.components ??= {}
    document.components.schemas ??= {}
    components = document.components.schemas
  }
  for (const [name, schema] of pending) if (components[name] === undefined) components[name] = schema
  return document
}

/** Both functions, to spread into @fastify/swagger's options: `register(swagger, { openapi, ...openapiTransforms })`. */
export const openapiTransforms = { transform: jsonSchemaTransform, transformObject: jsonSchemaTransformObject }
