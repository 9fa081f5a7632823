/** The factory options: the check of each option enclave() accepts, Fastify 4's defaults, and `resolveOptions`, which applies them. */
import { errorCodes } from './errors/codes.js'
import type { Profile } from './profile.js'
import { coerceOption, schemaMessage } from './option-coercion.js'
import { kNotCoercible } from './symbols.js'
import { warnUnknownOption } from './unknown-option-warning.js'
import { warnings } from './errors/warnings.js'
import { isAsyncFunction } from './util/functions.js'
import { checkSchemaController } from './schema/schema-controller-option.js'
import { assertSchemaErrorFormatter } from './schema/error-formatter.js'
import { rememberTopLevelRouterOptions, routerGroupDefaults } from './routing/router-options-group.js'
import { assertConstraintStrategies } from './routing/constraint-strategy-check.js'
import type { SchemaCacheOption } from './schema/compile-cache.js'
import { checkLogController, type LogController } from './logging/log-controller.js'

type Check = (value: unknown) => boolean

const isBool: Check = (v) => typeof v === 'boolean'
const isPositiveInt: Check = (v) => Number.isInteger(v) && (v as number) > 0
const isNonNegativeInt: Check = (v) => Number.isInteger(v) && (v as number) >= 0
const isFunction: Check = (v) => typeof v === 'function'
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
const isSchemaCacheOption: Check = (v) => {
  if (v === null) return true
  if (!isObject(v)) return false
  const { dir, code } = v as { dir?: unknown, code?: unknown }
  if (code !== undefined) return dir === undefined && isObject(code) && Array.isArray((code as { entries?: unknown }).entries) && isObject((code as { modules?: unknown }).modules)
  return typeof dir === 'string' && dir !== ''
}
const anyValue: Check = () => true
// Fastify's options schema requires these four of every strategy in top-level `constraints`; what
// they must be is checked as the router checks it (assertConstraintStrategies).
const isStrategy: Check = (v) => isObject(v) && ['name', 'storage', 'validate', 'deriveConstraint'].every((key) => (v as Record<string, unknown>)[key] !== undefined)

/**
 * Every option enclave() accepts: Fastify v4's names (so an app's options carry over) plus
 * `validator` (the spec's neutral name for Fastify's `ajv` group) and `responseValidation`.
 */
const optionChecks: Record<string, [Check, string]> = {
  logger: [anyValue, 'boolean | pino options | logger instance'],
  // Checked where the logger is built, with Fastify 5's errors.
  loggerInstance: [anyValue, 'a logger instance'],
  bodyLimit: [isPositiveInt, 'an integer > 0'],
  genReqId: [isFunction, 'a function'],
  childLoggerFactory: [isFunction, 'a function (logger, bindings, options, rawRequest) => logger'],
  requestIdHeader: [(v) => v === false || typeof v === 'string', 'a header name or false'],
  requestIdLogLabel: [(v) => typeof v === 'string', 'a string'],
  trustProxy: [(v) => typeof v === 'boolean' || typeof v === 'string' || typeof v === 'number' || Array.isArray(v) || typeof v === 'function', 'boolean | string | number | string[] | function'],
  ignoreTrailingSlash: [isBool, 'a boolean'],
  ignoreDuplicateSlashes: [isBool, 'a boolean'],
  caseSensitive: [isBool, 'a boolean'],
  // Fastify's schema asks for an integer only (a negative one makes every parameter too long).
  maxParamLength: [Number.isInteger as Check, 'an integer'],
  connectionTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  keepAliveTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  requestTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  // Fastify 5's schema asks for an integer only; a value below 1 sets no timeout.
  handlerTimeout: [Number.isInteger as Check, 'an integer (ms)'],
  maxRequestsPerSocket: [(v) => v === null || isNonNegativeInt(v), 'an integer >= 0 or null'],
  return503OnClosing: [isBool, 'a boolean'],
  // `true` is accepted as Fastify 4.29 accepts it: a TLS server given no options of its own.
  https: [(v) => v === null || v === true || isObject(v), 'an object of TLS options'],
  http: [(v) => v === null || isObject(v), 'an object of http.createServer options'],
  http2: [isBool, 'a boolean'],
  serverFactory: [isFunction, 'a function (handler, options) => server'],
  disableRequestLogging: [isBool, 'a boolean'],
  pluginTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  querystringParser: [isFunction, 'a function'],
  exposeHeadRoutes: [isBool, 'a boolean'],
  // Fastify's schema asks for a string only; the value goes to secure-json-parse as given.
  onProtoPoisoning: [(v) => typeof v === 'string', "'error' | 'remove' | 'ignore'"],
  onConstructorPoisoning: [(v) => typeof v === 'string', "'error' | 'remove' | 'ignore'"],
  forceCloseConnections: [(v) => typeof v === 'boolean' || v === 'idle', "a boolean or 'idle'"],
  ajv: [isObject, 'an object { customOptions?, plugins? }'],
  validator: [isObject, 'an object { customOptions?, plugins? }'],
  serializerOpts: [isObject, 'fast-json-stringify options'],
  schemaErrorFormatter: [(v) => isFunction(v) && !isAsyncFunction(v), 'a synchronous function (errors, dataVar) => Error'],
  jsonShorthand: [isBool, 'a boolean'],
  allowUnsafeRegex: [isBool, 'a boolean'],
  useSemicolonDelimiter: [isBool, 'a boolean'],
  constraints: [(v) => isObject(v) && Object.values(v as object).every(isStrategy), 'an object of constraint strategies { name, storage, validate, deriveConstraint }'],
  rewriteUrl: [isFunction, 'a function (rawRequest) => url'],
  frameworkErrors: [isFunction, 'a function (error, request, reply)'],
  clientErrorHandler: [isFunction, 'a function (error, socket)'],
  http2SessionTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  responseValidation: [(v) => v === false || v === 'log' || v === 'throw', "false | 'log' | 'throw'"],
  exactContentTypeMatching: [isBool, 'a boolean'],
  genericJsonParseErrors: [isBool, 'a boolean'],
  jsonNestingLimit: [(v) => v === false || isPositiveInt(v), 'an integer > 0 or false'],
  paramTooLongStatus: [(v) => v === 404 || v === 414, '404 or 414'],
  checkForwardingPeer: [isBool, 'a boolean'],
  referenceDecorators: [(v) => v === 'warn' || v === 'reject', "'warn' | 'reject'"],
  protectErrorPayloads: [isBool, 'a boolean'],
  versioning: [(v) => isObject(v) && isFunction((v as Record<string, unknown>).storage) && isFunction((v as Record<string, unknown>).deriveVersion), 'an object { storage, deriveVersion }'],
  validationPayload: [(v) => v === 'spec' || v === 'fastify', "'spec' | 'fastify'"],
  validatorFailure: [(v) => v === 'conceal' || v === 'fastify', "'conceal' | 'fastify'"],
  rejectUnlistedBodyMediaType: [isBool, 'a boolean'],
  validateHeadersOnCopy: [isBool, 'a boolean'],
  acceptAnnotationKeywords: [isBool, 'a boolean'],
  rejectAsyncSchemas: [isBool, 'a boolean'],
  requireTimezone: [isBool, 'a boolean'],
  keepCompilersOnAddSchema: [isBool, 'a boolean'],
  schemaController: [isObject, 'an object { bucket?, compilersFactory? }'],
  http2GracefulClose: [isBool, 'a boolean'],
  gracefulClose: [isBool, 'a boolean'],
  lazySchemaCompilation: [isBool, 'a boolean'],
  schemaCache: [isSchemaCacheOption, 'null, { dir: string } or { code } (made by enclave-worker-build)']
}

/** Options Fastify 4 knows that Enclave takes as given (no check of its own): never warned about. */
const acceptedFastifyOptions = new Set(['allowErrorHandlerOverride', 'http', 'listenTextResolver', 'schemaController', 'childLoggerFactory', 'serverFactory', 'routerOptions'])
const knownOptionNames = Object.keys(optionChecks)

export interface ResolvedOptions {
  bodyLimit: number
  caseSensitive: boolean
  ignoreTrailingSlash: boolean
  ignoreDuplicateSlashes: boolean
  maxParamLength: number
  onProtoPoisoning: 'error' | 'remove' | 'ignore'
  onConstructorPoisoning: 'error' | 'remove' | 'ignore'
  pluginTimeout: number
  requestIdHeader: string | false
  requestIdLogLabel: string
  connectionTimeout: number
  keepAliveTimeout: number
  requestTimeout: number
  handlerTimeout: number
  /** Fastify 5's LogController instance, when the app gave one. */
  logController?: LogController
  maxRequestsPerSocket: number
  return503OnClosing: boolean
  exposeHeadRoutes: boolean
  disableRequestLogging: boolean | ((request: never) => unknown)
  forceCloseConnections: boolean | 'idle'
  trustProxy: unknown
  jsonShorthand: boolean
  useSemicolonDelimiter: boolean
  allowUnsafeRegex: boolean
  http2SessionTimeout: number
  responseValidation: false | 'log' | 'throw'
  exactContentTypeMatching: boolean
  genericJsonParseErrors: boolean
  jsonNestingLimit: number | false
  paramTooLongStatus: 404 | 414
  checkForwardingPeer: boolean
  referenceDecorators: 'warn' | 'reject'
  protectErrorPayloads: boolean,
  validationPayload: 'spec' | 'fastify'
  validatorFailure: 'conceal' | 'fastify'
  rejectUnlistedBodyMediaType: boolean
  validateHeadersOnCopy: boolean
  acceptAnnotationKeywords: boolean
  rejectAsyncSchemas: boolean
  requireTimezone: boolean
  keepCompilersOnAddSchema: boolean
  http2GracefulClose: boolean
  gracefulClose: boolean
  lazySchemaCompilation: boolean
  schemaCache: SchemaCacheOption
  [key: string]: unknown
}

const defaults = {
  bodyLimit: 1024 * 1024,
  caseSensitive: true,
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  maxParamLength: 100,
  onProtoPoisoning: 'error',
  onConstructorPoisoning: 'error',
  pluginTimeout: 10000,
  requestIdHeader: 'request-id',
  requestIdLogLabel: 'reqId',
  connectionTimeout: 0,
  keepAliveTimeout: 72000,
  requestTimeout: 0,
  handlerTimeout: 0,
  maxRequestsPerSocket: 0,
  return503OnClosing: true,
  exposeHeadRoutes: true,
  disableRequestLogging: false,
  forceCloseConnections: 'idle',
  trustProxy: false,
  jsonShorthand: true,
  allowUnsafeRegex: false,
  http2SessionTimeout: 72000,
  responseValidation: false,
  exactContentTypeMatching: false,
  genericJsonParseErrors: false,
  jsonNestingLimit: false,
  paramTooLongStatus: 404,
  checkForwardingPeer: false,
  referenceDecorators: 'warn',
  protectErrorPayloads: false,
  validationPayload: 'fastify',
  validatorFailure: 'fastify',
  rejectUnlistedBodyMediaType: false,
  validateHeadersOnCopy: false,
  acceptAnnotationKeywords: false,
  rejectAsyncSchemas: false,
  requireTimezone: false,
  keepCompilersOnAddSchema: false,
  http2GracefulClose: false,
  gracefulClose: false,
  lazySchemaCompilation: false,
  schemaCache: null
} as const

function isPluginEntry (entry: unknown): boolean {
  return isFunction(entry) || (Array.isArray(entry) && entry.length >= 1 && entry.length <= 2 && isFunction(entry[0]))
}

/** `ajv` / `validator`: checked here so a typo fails at enclave(), not at the first ready(). */
function checkValidatorGroup (group: Record<string, unknown>, name: string): void {
  const { customOptions, plugins, onCreate } = group
  if (customOptions !== undefined && !isObject(customOptions)) {
    throw new errorCodes.FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ(typeof customOptions)
  }
  if (plugins !== undefined && !Array.isArray(plugins)) {
    throw new errorCodes.FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR(typeof plugins)
  }
  if (Array.isArray(plugins)) {
    const bad = plugins.findIndex((entry) => !isPluginEntry(entry))
    if (bad !== -1) {
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`${name}.plugins[${bad}] must be an Ajv plugin function or a [plugin, options] pair`)
    }
  }
  if (onCreate !== undefined && !isFunction(onCreate)) {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`${name}.onCreate must be a function (ajv) => void`)
  }
}

/** Fastify's own schema messages for the two structured options it validates. */
function fastifySchemaError (name: string, value: unknown): string | undefined {
  if (name === 'forceCloseConnections') return JSON.stringify(['must match pattern "idle"', 'must be boolean', 'must match exactly one schema in oneOf'])
  if (name !== 'constraints') return undefined
  if (!isObject(value)) return JSON.stringify(['must be object'])
  for (const strategy of Object.values(value as object)) {
    if (!isObject(strategy)) return JSON.stringify(['must be object'])
    const missing = ['name', 'storage', 'validate', 'deriveConstraint'].find((key) => (strategy as Record<string, unknown>)[key] === undefined)
    if (missing !== undefined) return JSON.stringify([`must have required property '${missing}'`])
  }
  return undefined
}

/** The options Fastify 5 moved into `routerOptions` (still read at the top level, with FSTDEP022). */
const routerOptionNames = ['ignoreTrailingSlash', 'ignoreDuplicateSlashes', 'caseSensitive', 'maxParamLength', 'allowUnsafeRegex', 'useSemicolonDelimiter', 'querystringParser', 'constraints'] as const

/**
 * Every name Fastify 5 reads from either place, in its order: one FSTDEP022 names all the top-level
 * ones given (an own key, even `undefined`), as Fastify 5.12 warns once per factory call.
 */
const fastify5RouterKeys = ['allowUnsafeRegex', 'buildPrettyMeta', 'caseSensitive', 'constraints', 'defaultRoute', 'ignoreDuplicateSlashes', 'ignoreTrailingSlash', 'maxParamLength', 'onBadUrl', 'onMaxParamLength', 'querystringParser', 'useSemicolonDelimiter']

/**
 * Fastify 5's `routerOptions`: router settings in one group, which win over the same names at the
 * top level (each checked as at the top level). Fastify 5 warns about the top-level forms and about
 * the logging options its LogController replaces.
 */
function applyFastify5Groups (given: Record<string, unknown>, profile: Profile): void {
  const usedAtTopLevel = fastify5RouterKeys.filter((name) => Object.hasOwn(given, name))
  if (usedAtTopLevel.length > 0) warnings.ENC_WARN_TOP_LEVEL_ROUTER_OPTION(usedAtTopLevel.join(', '))
  if (given.disableRequestLogging !== undefined) warnings.FSTDEP023()
  if (given.requestIdLogLabel !== undefined) warnings.FSTDEP024()
  const group = given.routerOptions
  if (group === undefined || group === null) return
  if (!isObject(group)) throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`option 'routerOptions' must be an object, got ${JSON.stringify(group) ?? typeof group}`)
  const groupOptions = group as Record<string, unknown>
  if (groupOptions.compile !== undefined && typeof groupOptions.compile !== 'boolean') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(JSON.stringify(['must be boolean']))
  const inner = resolveOptions(pickRouterOptions(groupOptions), profile, false)
  const topLevel: Record<string, unknown> = {}
  // As Fastify 5.12's initialConfig.routerOptions: the group as given (its checked values), then
  // the defaults of the names its schema lists.
  const shown: Record<string, unknown> = Object.assign({}, groupOptions)
  for (const name of routerOptionNames) {
    topLevel[name] = given[name]
    if (groupOptions[name] !== undefined) shown[name] = given[name] = inner[name]
  }
  for (const name of Object.keys(routerGroupDefaults)) {
    if (shown[name] === undefined) shown[name] = routerGroupDefaults[name]
  }
  given.routerOptions = Object.freeze(shown)
  rememberTopLevelRouterOptions(shown, topLevel)
}

function pickRouterOptions (group: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {}
  for (const name of routerOptionNames) picked[name] = group[name]
  return picked
}

/** The options Fastify takes `null` for as not given (a function or an object it reads only when set, a flag it reads by truthiness). */
const unsetByNull = new Set([
  'return503OnClosing', 'requestIdHeader', 'genReqId', 'trustProxy', 'http2', 'querystringParser', 'rewriteUrl', 'frameworkErrors',
  'serverFactory', 'ajv', 'schemaErrorFormatter', 'clientErrorHandler', 'serializerOpts', 'schemaController', 'childLoggerFactory', 'logController'
])

function readsNullAsUnset (name: string, profile: Profile): boolean {
  // Fastify 4.29's options schema refuses a null `versioning`; Fastify 5 reads it as not given.
  return unsetByNull.has(name) || (name === 'versioning' && profile.api === 5)
}

/** Validates the options given to enclave() and fills in Fastify v4's defaults. */
export function resolveOptions (input: unknown, profile: Profile, topLevel = true): ResolvedOptions {
  // Fastify 4 and 5 take any falsy value as no options: fastify-cli hands its `options` flag, `false`
  // unless given, straight to the factory.
  if (!input) input = {}
  // Fastify 5 reads an array as an object (with no option names); 4.29 refuses it.
  if (typeof input !== 'object' || (Array.isArray(input) && profile.api !== 5)) {
    throw new errorCodes.FST_ERR_OPTIONS_NOT_OBJ()
  }
  const given: Record<string, unknown> = Object.assign({}, input as Record<string, unknown>)
  for (const name of Object.keys(given)) {
    let value = given[name]
    if (value === undefined) continue
    if (value === null && readsNullAsUnset(name, profile)) {
      // As Fastify: null is the option not given (return503OnClosing, which Fastify reads by its
      // truthiness, is off).
      given[name] = name === 'return503OnClosing' ? false : undefined
      continue
    }
    if (name === 'routerOptions' && value === null && profile.api === 5) throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(JSON.stringify(['must be object']))
    // Fastify 5's per-request form, not Fastify 4.29's (its face refuses it as 4.29 does).
    if (name === 'disableRequestLogging' && typeof value === 'function' && profile.name !== 'fastify') continue
    // Fastify 4.29 has no handlerTimeout nor logController: its face ignores them as 4.29 does.
    if ((name === 'handlerTimeout' || name === 'logController') && profile.name === 'fastify') continue
    if (name === 'logController') {
      checkLogController(value)
      continue
    }
    // Fastify 5 reads `true` as its former default header and '' as none; Fastify 4.29 reads '' as
    // "not set", so its entries fall back to their default.
    if (name === 'requestIdHeader' && profile.api === 5 && (value === true || value === '')) {
      given[name] = value === true ? 'request-id' : false
      continue
    }
    if (name === 'requestIdHeader' && profile.api === 4 && value === '') {
      given[name] = undefined
      continue
    }
    // Fastify 5's options schema does not look into `routerOptions`: only the router checks its strategies.
    if (name === 'constraints' && !topLevel && isObject(value)) {
      assertConstraintStrategies(value as object)
      continue
    }
    const check = optionChecks[name]
    if (check === undefined) {
      if (!acceptedFastifyOptions.has(name)) warnUnknownOption(name, knownOptionNames)
      continue
    }
    const coerced = coerceOption(name, value)
    if (coerced === kNotCoercible) throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(schemaMessage(name))
    given[name] = value = coerced
    if (!check[0](value)) {
      if (name === 'bodyLimit') throw new errorCodes.FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(String(value))
      if (name === 'handlerTimeout') throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(schemaMessage(name))
      const schemaError = fastifySchemaError(name, value)
      if (schemaError !== undefined) throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(schemaError)
      if (name === 'querystringParser') throw new errorCodes.FST_ERR_QSP_NOT_FN(typeof value)
      if (name === 'schemaErrorFormatter') assertSchemaErrorFormatter(value)
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`option '${name}' must be ${check[1]}, got ${JSON.stringify(value) ?? typeof value}`)
    }
    if (name === 'constraints') assertConstraintStrategies(value as object)
  }
  if (topLevel && profile.api === 5) applyFastify5Groups(given, profile)
  if (given.validator !== undefined && given.ajv !== undefined) {
    // One would silently win over the other.
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID("options 'ajv' and 'validator' are the same group under two names; give only one")
  }
  const validatorGroup = (given.validator ?? given.ajv) as Record<string, unknown> | undefined
  if (validatorGroup !== undefined) checkValidatorGroup(validatorGroup, given.validator !== undefined ? 'validator' : 'ajv')
  if (given.schemaController !== undefined) checkSchemaController(given.schemaController as Record<string, unknown>)
  const resolved: Record<string, unknown> = Object.assign({}, defaults, profile.defaults)
  for (const name of Object.keys(given)) {
    if (given[name] !== undefined) resolved[name] = given[name]
  }
  // Fastify 5 has no `jsonShorthand`: an app's old setting is ignored there, as Fastify 5 ignores it.
  if (profile.api === 5) resolved.jsonShorthand = false
  if (profile.name === 'fastify') {
    resolved.handlerTimeout = 0
    resolved.logController = undefined
  }
  return resolved as ResolvedOptions
}

/**
 * With a `logController`, its `requestIdLogLabel` and `isLogDisabled()` decide what the two options
 * decide without one (Fastify 5.12: the controller replaces them). A new object, made once; the
 * options as given stay what initialConfig shows.
 */
export function withLogController (options: ResolvedOptions): ResolvedOptions {
  const controller = options.logController
  if (controller === undefined) return options
  return Object.assign({}, options, {
    requestIdLogLabel: controller.requestIdLogLabel,
    disableRequestLogging: function isLogDisabled (request: never) { return controller.isLogDisabled(request) }
  })
}
