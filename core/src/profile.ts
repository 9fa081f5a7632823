/**
 * The two faces of the one core. Fastify 4.29's observable behaviour is the default on both; where
 * `enclave()` differs, the difference is a named public option listed in `differingOptions` with
 * Fastify's value and Enclave's default, and a row in docs/migrating-from-fastify.md ("What differs").
 * The Fastify faces (`@enclave/fastify4`, `@enclave/fastify`) run every such option at Fastify's value (unless the app sets it itself).
 */
export interface Profile {
  /** Which entry: `enclave()`, the Fastify v4 face or the Fastify v5 face. */
  readonly name: 'enclave' | 'fastify' | 'fastify5'
  /** The root plugin's name (`printPlugins()`, `pluginName` at the root). */
  readonly rootPluginName: string
  /** The Fastify release the instance answers as: `fastify.version`, and what plugins' `fastify` ranges are checked against. */
  readonly fastifyVersion: string
  /**
   * The Fastify major whose API wins where v4 and v5 conflict (a removed method, a changed signature).
   * `enclave()` keeps v4's and has v5's additive APIs; the faces follow their own version.
   */
  readonly api: 4 | 5
  /** Option values applied under the options the app passes. */
  readonly defaults: Readonly<Record<string, unknown>>
}

/**
 * Every option whose `enclave()` default is not Fastify 4.29's value. Add a row here (and in the
 * migration table) for each difference; nowhere else may the two entries behave differently.
 * `fastify` is the @enclave/fastify4 default (the v5 face starts from it, see `fastify5Options`): Fastify 4.29's value, except where a published
 * advisory's fix is on for every entry (docs/security.md, "Advisories").
 */
export const differingOptions: Readonly<Record<string, { readonly fastify: unknown, readonly enclave: unknown }>> = {
  useSemicolonDelimiter: { fastify: true, enclave: false },
  exactContentTypeMatching: { fastify: false, enclave: true },
  genericJsonParseErrors: { fastify: false, enclave: true },
  jsonNestingLimit: { fastify: false, enclave: 1000 },
  paramTooLongStatus: { fastify: 404, enclave: 414 },
  // With trustProxy, X-Forwarded-Host/-Proto believed from a trusted peer only: the fix for
  // CVE-2026-3635 (Fastify 5.8.3), on every entry; `false` is Fastify 4's reading, kept as an opt-out.
  checkForwardingPeer: { fastify: true, enclave: true },
  // A client-sent `request-id` becomes request.id in Fastify 4; Fastify 5 and enclave() ignore it.
  requestIdHeader: { fastify: 'request-id', enclave: false },
  // An object or array decorating every request/reply: Fastify 4 warns (FSTDEP006), Fastify 5 and enclave() refuse.
  referenceDecorators: { fastify: 'warn', enclave: 'reject' },
  // An improvement off on both entries; listed with its row of the differences table.
  protectErrorPayloads: { fastify: false, enclave: false },
  // Validation (docs/validation.md): the spec's 400 payload and wording on enclave().
  validationPayload: { fastify: 'fastify', enclave: 'spec' },
  // A validator that throws: Fastify sends its text (500, or 400 when it rejects); enclave() conceals it.
  validatorFailure: { fastify: 'fastify', enclave: 'conceal' },
  // Improvements off on both entries; listed so every validation option of the table is here.
  rejectUnlistedBodyMediaType: { fastify: false, enclave: false },
  validateHeadersOnCopy: { fastify: false, enclave: false },
  acceptAnnotationKeywords: { fastify: false, enclave: false },
  // `$async: true` schemas: Fastify runs them (its docs warn of the DoS risk); enclave() refuses them at start-up.
  rejectAsyncSchemas: { fastify: false, enclave: true },
  // `format: 'date-time'` / `'time'` without a timezone: Fastify 4 accepts it; Fastify 5 and enclave() refuse it.
  requireTimezone: { fastify: false, enclave: true },
  // A context calling addSchema() keeps the compilers set above it: the spec's encapsulation rule on
  // enclave(); Fastify gives that context's routes the default compilers instead.
  keepCompilersOnAddSchema: { fastify: false, enclave: true },
  // Start-up (docs/validation.md): schemas checked at ready() and compiled on a route's first request on enclave().
  lazySchemaCompilation: { fastify: false, enclave: true },
  // Start-up: keep compiled schema code in a directory between starts; off on both entries.
  schemaCache: { fastify: null, enclave: null },
  // HTTP/2 sessions on close(): GOAWAY on enclave(); Fastify 4 leaves them open until they idle out.
  http2GracefulClose: { fastify: false, enclave: true },
  // HTTP/1 connections on close(): a 100 ms grace for idle ones and `Connection: close` on enclave(); Fastify 4 closes idle ones at once.
  gracefulClose: { fastify: false, enclave: true }
}

function pick (side: 'fastify' | 'enclave'): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const name of Object.keys(differingOptions)) values[name] = differingOptions[name]![side]
  return Object.freeze(values)
}

/**
 * Options whose Fastify 5.12 value is not Fastify 4.29's: the v5 face runs them at v5's value (unless
 * the app sets them). Each is a row of the differences table with a Fastify v5 column.
 */
export const fastify5Options: Readonly<Record<string, unknown>> = {
  // Fastify 5 reads `a;b=1` as part of the path, as RFC 3986 does (4.29 split the query there).
  useSemicolonDelimiter: false,
  // Fastify 5 generates every request id unless the app names a header to take it from.
  requestIdHeader: false,
  // A parameter longer than maxParamLength: Fastify 5 answers 414 FST_ERR_MAX_PARAM_LENGTH, 4.29 a 404.
  paramTooLongStatus: 414,
  // An object or array decorating every request/reply: refused (FST_ERR_DEC_REFERENCE_TYPE).
  referenceDecorators: 'reject',
  // Fastify 5 removed the JSON shorthand: a schema is taken as written (the option itself is gone).
  jsonShorthand: false,
  // Fastify 5's Ajv (ajv-formats 3) requires a timezone in `date-time` and `time`.
  requireTimezone: true,
  // Fastify 5 matches a content type exactly (case-insensitive): look-alike types are 415.
  exactContentTypeMatching: true
}

export const enclaveProfile: Profile = Object.freeze({ name: 'enclave', rootPluginName: 'enclave', fastifyVersion: '4.29.1', api: 4, defaults: pick('enclave') })
export const fastify4Profile: Profile = Object.freeze({ name: 'fastify', rootPluginName: 'fastify', fastifyVersion: '4.29.1', api: 4, defaults: pick('fastify') })
/** The Fastify v4 face's profile under its first name (the one object: `fastifyProfile === fastify4Profile`). */
export const fastifyProfile: Profile = fastify4Profile
export const fastify5Profile: Profile = Object.freeze({
  name: 'fastify5',
  rootPluginName: 'fastify',
  fastifyVersion: '5.12.8',
  api: 5,
  defaults: Object.freeze(Object.assign({}, pick('fastify'), fastify5Options))
})
