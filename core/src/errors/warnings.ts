// A CommonJS module whose named exports Node cannot detect: read them from the default export.
import processWarning, { type WarningItem } from 'process-warning'

const { createDeprecation, createWarning } = processWarning

/**
 * The warning catalogue: every process warning Enclave emits, each emitted through its entry here.
 * Fastify's own warnings keep Fastify's code, type and message, and are built with the library
 * Fastify builds them with (process-warning), so "emitted once a process" or "every time" behaves
 * exactly as in Fastify 4.29. `docs/reference/errors.md` lists them, generated from this list.
 */
interface WarningEntry {
  code: string
  /** The warning's type, what `process.on('warning')` sees as `warning.name`. */
  name: 'FastifyWarning' | 'DeprecationWarning' | 'FastifyDeprecation' | 'FastifySecurity' | 'Warning'
  message: string
  /** true: every call emits; false: only the first call in a process does. */
  unlimited: boolean
  /** When it is emitted; shown in docs/reference/errors.md. */
  when: string
  /** The code the emitted warning carries, when not its own (Fastify 4.29 emits FSTDEP022 as FSTDEP021). */
  emits?: string
}

export const warningCatalogue = [
  { code: 'FSTWRN001', name: 'FastifyWarning', message: 'The %s schema for %s: %s is missing. This may indicate the schema is not well specified.', unlimited: true, when: 'A route schema names a request part (body, querystring, params, headers) with the value undefined or null, which usually means a mistyped schema variable.' },
  { code: 'FSTWRN002', name: 'FastifyWarning', message: 'The %s plugin being registered mixes async and callback styles, which will result in an error in `fastify@5`', unlimited: true, when: 'An async plugin also declares the done callback; it is loaded when its promise settles.' },
  { code: 'FSTWRN003', name: 'FastifyWarning', message: 'The %s mixes async and callback styles that may lead to unhandled rejections. Please use only one of them.', unlimited: true, when: 'Fastify 5 face: listen() was given an async function as its callback.' },
  { code: 'FSTWRN004', name: 'FastifyWarning', message: "It seems that you are overriding an errorHandler in the same scope, which can lead to subtle bugs. To disable this behavior, set 'allowErrorHandlerOverride' to false. For more information, visit: https://fastify.dev/docs/latest/Reference/Server/#allowerrorhandleroverride", unlimited: true, when: 'Fastify 5 face: setErrorHandler was called a second time in the same plugin context (`allowErrorHandlerOverride` at its default, `true`); the new handler replaces the old one.' },
  { code: 'FSTSEC001', name: 'FastifySecurity', message: 'You are using /%s/ Content-Type which may be vulnerable to CORS attack. Please make sure your RegExp start with "^" or include ";?" to proper detection of the essence MIME type.', unlimited: true, when: 'Fastify 5 face: addContentTypeParser was given a RegExp that neither starts with `^` nor includes `;?`, so it may match a media type it was not written for.' },
  { code: 'FSTSEC002', name: 'FastifySecurity', message: 'The headers schema for %s: %s references an external $ref (%s) that is not case-normalized. Header names in the referenced schema keep their original case and will not match the lowercased request headers, so case-insensitive assertions such as required and dependencies may not apply. Inline the header schema instead of referencing it with an external $ref.', unlimited: true, when: 'A route\'s headers schema holds a `$ref` to another schema (one registered with `addSchema`), at any depth: the header names written there are not lower-cased, so `required`, `dependencies` and the like may never match a request header. Emitted at `ready()` by every entry, as Fastify 5.12 does.' },
  { code: 'FSTSEC003', name: 'FastifySecurity', message: 'The headers schema for %s: %s uses a $ref (%s) inside propertyNames that is not case-normalized. Header names held in the referenced schema keep their original case and will not match the lowercased request headers, so a case-insensitive deny-list or allow-list on header names may not apply. Inline the propertyNames constraint instead of referencing it with a $ref.', unlimited: true, when: 'A route\'s headers schema has a local `$ref` (`#/definitions/…`) inside `propertyNames`: the names it lists are not lower-cased, so a deny-list or allow-list of header names may not apply. Emitted at `ready()` by every entry, as Fastify 5.12 does.' },
  { code: 'FSTDEP011', name: 'DeprecationWarning', message: 'Variadic listen method is deprecated. Please use ".listen(optionsObject)" instead. The variadic signature will be removed in `fastify@5`.', unlimited: false, when: 'listen() was called with positional arguments (port, host, backlog) instead of an options object.' },
  { code: 'FSTDEP005', name: 'DeprecationWarning', message: 'You are accessing the deprecated "request.connection" property. Use "request.socket" instead.', unlimited: false, when: '`request.connection` was read.' },
  { code: 'FSTDEP006', name: 'DeprecationWarning', message: 'You are decorating Request/Reply with a reference type. This reference is shared amongst all requests. Use onRequest hook instead. Property: %s', unlimited: false, when: 'decorateRequest/decorateReply with an object or array value while `referenceDecorators` is `\'warn\'` (Fastify 4, the default on @enclave/fastify4); `\'reject\'` throws FST_ERR_DEC_REFERENCE_TYPE instead.' },
  { code: 'FSTDEP007', name: 'DeprecationWarning', message: 'You are trying to set a HEAD route using "exposeHeadRoute" route flag when a sibling route is already set. See documentation for more info.', unlimited: false, when: 'A route sets its own `exposeHeadRoute: true` on a path where a HEAD route is already declared (that HEAD route stays).' },
  { code: 'FSTDEP008', name: 'DeprecationWarning', message: 'You are using route constraints via the route { version: "..." } option, use { constraints: { version: "..." } } option instead.', unlimited: false, when: 'A route was declared with the `version` option.' },
  { code: 'FSTDEP009', name: 'DeprecationWarning', message: 'You are using a custom route versioning strategy via the server { versioning: "..." } option, use { constraints: { version: "..." } } option instead.', unlimited: false, when: 'A server was created with the `versioning` option.' },
  { code: 'FSTDEP010', name: 'DeprecationWarning', message: 'Modifying the "reply.sent" property is deprecated. Use the "reply.hijack()" method instead.', unlimited: false, when: '`reply.sent` was assigned (any value: a value other than true also throws FST_ERR_REP_SENT_VALUE).' },
  { code: 'FSTDEP012', name: 'DeprecationWarning', message: 'request.context property access is deprecated. Please use "request.routeOptions.config" or "request.routeOptions.schema" instead for accessing Route settings. The "request.context" will be removed in `fastify@5`.', unlimited: false, when: '`request.context` was read.' },
  { code: 'FSTDEP013', name: 'DeprecationWarning', message: 'Direct return of "trailers" function is deprecated. Please use "callback" or "async-await" for return value. The support of direct return will removed in `fastify@5`.', unlimited: false, when: 'A `reply.trailer()` function returned its value directly instead of passing it to `done` or returning a promise.' },
  { code: 'FSTDEP014', name: 'DeprecationWarning', message: 'You are trying to set/access the default route. This property is deprecated. Please, use setNotFoundHandler if you want to custom a 404 handler or the wildcard (*) to match all routes.', unlimited: false, when: '`getDefaultRoute()` or `setDefaultRoute()` was called.' },
  { code: 'FSTDEP015', name: 'DeprecationWarning', message: 'You are accessing the deprecated "request.routeSchema" property. Use "request.routeOptions.schema" instead. Property "req.routeSchema" will be removed in `fastify@5`.', unlimited: false, when: '`request.routeSchema` was read.' },
  { code: 'FSTDEP016', name: 'DeprecationWarning', message: 'You are accessing the deprecated "request.routeConfig" property. Use "request.routeOptions.config" instead. Property "req.routeConfig" will be removed in `fastify@5`.', unlimited: false, when: '`request.routeConfig` was read.' },
  { code: 'FSTDEP017', name: 'DeprecationWarning', message: 'You are accessing the deprecated "request.routerPath" property. Use "request.routeOptions.url" instead. Property "req.routerPath" will be removed in `fastify@5`.', unlimited: false, when: '`request.routerPath` was read.' },
  { code: 'FSTDEP018', name: 'DeprecationWarning', message: 'You are accessing the deprecated "request.routerMethod" property. Use "request.routeOptions.method" instead. Property "req.routerMethod" will be removed in `fastify@5`.', unlimited: false, when: '`request.routerMethod` was read.' },
  { code: 'FSTDEP019', name: 'DeprecationWarning', message: 'reply.context property access is deprecated. Please use "request.routeOptions.config" or "request.routeOptions.schema" instead for accessing Route settings. The "reply.context" will be removed in `fastify@5`.', unlimited: false, when: '`reply.context` was read.' },
  { code: 'FSTDEP020', name: 'DeprecationWarning', message: 'You are using the deprecated "reply.getResponseTime()" method. Use the "reply.elapsedTime" property instead. Method "reply.getResponseTime()" will be removed in `fastify@5`.', unlimited: false, when: '`reply.getResponseTime()` was called.' },
  { code: 'FSTDEP021', name: 'DeprecationWarning', message: 'The `reply.redirect()` method has a new signature: `reply.redirect(url: string, code?: number)`. It will be enforced in `fastify@v5`', unlimited: false, when: '`reply.redirect(code, url)` was called with the status code first.' },
  { code: 'FSTDEP022', name: 'DeprecationWarning', message: 'You are using the deprecated json shorthand schema on route %s. Specify full object schema instead. It will be removed in `fastify@v5`', unlimited: false, emits: 'FSTDEP021', when: 'A route schema (a request part, a response status or a media type\'s `schema`) uses the JSON shorthand (no `type` nor `properties`, e.g. `{ name: { type: \'string\' } }` or `{}`) while `jsonShorthand` is on. Emitted with the code `FSTDEP021`, as Fastify 4.29 does; its once-a-process rule is its own, apart from the redirect deprecation\'s.' },
  { code: 'ENC_WARN_TOP_LEVEL_ROUTER_OPTION', name: 'FastifyWarning', message: 'The router options for %s property access is deprecated. Please use "options.routerOptions" instead for accessing router options. The router options will be removed in `fastify@6`.', unlimited: true, emits: 'FSTDEP022', when: 'Fastify 5 face: a router option (`maxParamLength`, `ignoreTrailingSlash`, `caseSensitive`, …) was given at the top level instead of in `routerOptions` (an own key, even `undefined`). One warning per factory call names every such option, in Fastify\'s order. Emitted with the code `FSTDEP022`, as Fastify 5.12 does.' },
  { code: 'FSTDEP023', name: 'FastifyDeprecation', message: 'disableRequestLogging option is deprecated. Use the logController option with disableRequestLogging or isLogDisabled override instead. The disableRequestLogging top-level option will be removed in `fastify@6`.', unlimited: true, when: 'Fastify 5 face: the `disableRequestLogging` option was given.' },
  { code: 'FSTDEP024', name: 'FastifyDeprecation', message: 'requestIdLogLabel option is deprecated. Use the logController option with requestIdLogLabel instead. The requestIdLogLabel top-level option will be removed in `fastify@6`.', unlimited: true, when: 'Fastify 5 face: the `requestIdLogLabel` option was given.' },
  { code: 'FSTDEP025', name: 'FastifyDeprecation', message: 'Calling addHttpMethod for existing method "%s" without { overrideExisting: true } is deprecated. In Fastify v6, this will throw an error.', unlimited: true, when: 'addHttpMethod() named a method the server already supports without `{ overrideExisting: true }` (its `hasBody` still applies), as Fastify 5.12 warns.' },
  { code: 'ENC_WARN_UNKNOWN_OPTION', name: 'Warning', message: "Unknown option '%s' is ignored. Did you mean '%s'?", unlimited: true, when: 'A server option Enclave does not know is close to one it knows (most likely a typo); other unknown options are ignored silently, as in Fastify.' },
  { code: 'ENC_WARN_SCHEMA_CACHE_UNTRUSTED', name: 'Warning', message: 'The schemaCache path %s is not used: it %s. Its code is not run; the schemas are compiled instead.', unlimited: true, when: 'A `schemaCache` folder or file is a symbolic link, is not owned by the process\'s user, is writable by its group or by others, or (a file) has another hard link, so someone else could have written the code in it. The app starts as without the cache; nothing is written to a refused folder (a refused file in a trusted folder is replaced). Emitted once per folder in a process. See [security](../security.md#the-schemacache-folder-who-may-write-there).' }
] as const satisfies readonly WarningEntry[]

export type WarningCode = typeof warningCatalogue[number]['code']

function buildWarnings (): Record<WarningCode, WarningItem> {
  const items = {} as Record<WarningCode, WarningItem>
  for (const entry of warningCatalogue as readonly WarningEntry[]) {
    const code = entry.emits ?? entry.code
    items[entry.code as WarningCode] = entry.name === 'DeprecationWarning'
      ? createDeprecation({ code, message: entry.message, unlimited: entry.unlimited })
      : createWarning({ name: entry.name, code, message: entry.message, unlimited: entry.unlimited })
  }
  return items
}

/** `warnings.FSTWRN001(part, method, url)` emits that warning, its message formatted with up to three values. */
export const warnings: Readonly<Record<WarningCode, WarningItem>> = Object.freeze(buildWarnings())
