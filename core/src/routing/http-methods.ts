/** The HTTP methods a server's routes may use, and which of them carry a body: each face's table, and addHttpMethod(). */
import { parserMethods } from '../util/parser-methods.js'
import { errorCodes } from '../errors/codes.js'
import { warnings } from '../errors/warnings.js'

/** Fastify 4.29's methods, WebDAV included; every one but GET, HEAD and UNLOCK has its body read. */
const fastify4Methods = [
  'DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS',
  'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'TRACE', 'SEARCH', 'REPORT', 'MKCALENDAR'
]
const fastify4Bodiless = new Set(['GET', 'HEAD', 'UNLOCK'])

/** Fastify 5.12's: WebDAV is gone (addHttpMethod brings it back), QUERY is in; its order. */
const fastify5Methods = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY']
const fastify5WithBody = new Set(['DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'])

/**
 * Method name → whether its requests have their body read, in the order `all()` registers them and
 * `supportedMethods` lists them. Fastify 5 lists the bodiless methods first, then those with a body
 * (an added method joins its group); the Fastify 4 table keeps 4.29's order and appends.
 */
export class MethodTable extends Map<string, boolean> {
  readonly groupedByBody: boolean

  constructor (api: 4 | 5) {
    super()
    this.groupedByBody = api === 5
    if (api === 5) {
      for (const method of fastify5Methods) super.set(method, fastify5WithBody.has(method))
    } else {
      for (const method of fastify4Methods) super.set(method, !fastify4Bodiless.has(method))
    }
  }

  /** Sets a method's hasBody, moving it into its group where the table is grouped. */
  define (method: string, hasBody: boolean): void {
    this.delete(method)
    this.set(method, hasBody)
    if (!this.groupedByBody) return
    const entries = Array.from(this)
    this.clear()
    for (const [name, body] of entries) if (!body) this.set(name, body)
    for (const [name, body] of entries) if (body) this.set(name, body)
  }
}

/** A new server's table: Fastify 5's on its face, Fastify 4.29's on enclave() and the v4 face. */
export function createMethodTable (api: 4 | 5): MethodTable {
  return new MethodTable(api)
}

const knownToNode = new Set(parserMethods)

/** Whether a route of `method` may have a body schema (Fastify 4.29: not GET nor HEAD; 5.12: a method with a body). */
export function bodySchemaAllowed (method: string, server: { readonly profile: { readonly api: 4 | 5 }, readonly httpMethods: ReadonlyMap<string, boolean> }): boolean {
  return server.profile.api === 5 ? server.httpMethods.get(method) === true : method !== 'GET' && method !== 'HEAD'
}

export interface AddHttpMethodOptions {
  hasBody?: boolean
  overrideExisting?: boolean
}

/**
 * `addHttpMethod(method, { hasBody })` as Fastify 5.12 has it: a method Node's parser knows, named
 * in capitals; routes declared from then on may use it, and its body is read when `hasBody` is
 * `true`. Naming a supported method again sets its `hasBody`, with Fastify's deprecation unless
 * `overrideExisting` says it is meant.
 */
export function addHttpMethod (table: MethodTable, method: unknown, options: AddHttpMethodOptions | undefined): void {
  if (typeof method !== 'string' || !knownToNode.has(method)) throw new errorCodes.FST_ERR_ROUTE_METHOD_INVALID()
  if (table.has(method) && options?.overrideExisting !== true) warnings.FSTDEP025(method)
  table.define(method, options?.hasBody === true)
}
