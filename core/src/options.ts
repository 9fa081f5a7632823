import { errorCodes } from './errors/codes.js'
import type { Profile } from './profile.js'

type Check = (value: unknown) => boolean

const isBool: Check = (v) => typeof v === 'boolean'
const isPositiveInt: Check = (v) => Number.isInteger(v) && (v as number) > 0
const isNonNegativeInt: Check = (v) => Number.isInteger(v) && (v as number) >= 0
const isFunction: Check = (v) => typeof v === 'function'
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
const isPoisoningAction: Check = (v) => v === 'error' || v === 'remove' || v === 'ignore'
const anyValue: Check = () => true

/**
 * Every option enclave() accepts: Fastify v4's names (so an app's options carry over) plus
 * `validator` (the spec's neutral name for Fastify's `ajv` group) and `responseValidation`.
 */
const optionChecks: Record<string, [Check, string]> = {
  logger: [anyValue, 'boolean | pino options | logger instance'],
  bodyLimit: [isPositiveInt, 'an integer > 0'],
  genReqId: [isFunction, 'a function'],
  childLoggerFactory: [isFunction, 'a function (logger, bindings, options, rawRequest) => logger'],
  requestIdHeader: [(v) => v === false || typeof v === 'string', 'a header name or false'],
  requestIdLogLabel: [(v) => typeof v === 'string', 'a string'],
  trustProxy: [(v) => typeof v === 'boolean' || typeof v === 'string' || typeof v === 'number' || Array.isArray(v) || typeof v === 'function', 'boolean | string | number | string[] | function'],
  ignoreTrailingSlash: [isBool, 'a boolean'],
  ignoreDuplicateSlashes: [isBool, 'a boolean'],
  caseSensitive: [isBool, 'a boolean'],
  maxParamLength: [isPositiveInt, 'an integer > 0'],
  connectionTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  keepAliveTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  requestTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  maxRequestsPerSocket: [isNonNegativeInt, 'an integer >= 0'],
  return503OnClosing: [isBool, 'a boolean'],
  https: [(v) => v === null || isObject(v), 'an object of TLS options'],
  http: [(v) => v === null || isObject(v), 'an object of http.createServer options'],
  http2: [isBool, 'a boolean'],
  serverFactory: [isFunction, 'a function (handler, options) => server'],
  disableRequestLogging: [isBool, 'a boolean'],
  pluginTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  querystringParser: [isFunction, 'a function'],
  exposeHeadRoutes: [isBool, 'a boolean'],
  onProtoPoisoning: [isPoisoningAction, "'error' | 'remove' | 'ignore'"],
  onConstructorPoisoning: [isPoisoningAction, "'error' | 'remove' | 'ignore'"],
  forceCloseConnections: [(v) => typeof v === 'boolean' || v === 'idle', "a boolean or 'idle'"],
  ajv: [isObject, 'an object { customOptions?, plugins? }'],
  validator: [isObject, 'an object { customOptions?, plugins? }'],
  serializerOpts: [isObject, 'fast-json-stringify options'],
  schemaErrorFormatter: [(v) => isFunction(v) && (v as { constructor?: { name?: string } }).constructor?.name !== 'AsyncFunction', 'a synchronous function (errors, dataVar) => Error'],
  jsonShorthand: [isBool, 'a boolean'],
  allowUnsafeRegex: [isBool, 'a boolean'],
  useSemicolonDelimiter: [isBool, 'a boolean'],
  constraints: [isObject, 'an object of find-my-way constraint strategies'],
  rewriteUrl: [isFunction, 'a function (rawRequest) => url'],
  frameworkErrors: [isFunction, 'a function (error, request, reply)'],
  clientErrorHandler: [isFunction, 'a function (error, socket)'],
  http2SessionTimeout: [isNonNegativeInt, 'an integer >= 0 (ms)'],
  responseValidation: [(v) => v === false || v === 'log' || v === 'throw', "false | 'log' | 'throw'"],
  validationPayload: [(v) => v === 'spec' || v === 'fastify', "'spec' | 'fastify'"],
  validatorFailure: [(v) => v === 'conceal' || v === 'fastify', "'conceal' | 'fastify'"],
  rejectUnlistedBodyMediaType: [isBool, 'a boolean'],
  validateHeadersOnCopy: [isBool, 'a boolean'],
  acceptAnnotationKeywords: [isBool, 'a boolean'],
  schemaController: [isObject, 'an object { bucket?, compilersFactory? }'],
  http2GracefulClose: [isBool, 'a boolean']
}

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
  maxRequestsPerSocket: number
  return503OnClosing: boolean
  exposeHeadRoutes: boolean
  disableRequestLogging: boolean
  forceCloseConnections: boolean | 'idle'
  trustProxy: unknown
  jsonShorthand: boolean
  useSemicolonDelimiter: boolean
  allowUnsafeRegex: boolean
  http2SessionTimeout: number
  responseValidation: false | 'log' | 'throw'
  validationPayload: 'spec' | 'fastify'
  validatorFailure: 'conceal' | 'fastify'
  rejectUnlistedBodyMediaType: boolean
  validateHeadersOnCopy: boolean
  acceptAnnotationKeywords: boolean
  http2GracefulClose: boolean
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
  validationPayload: 'fastify',
  validatorFailure: 'fastify',
  rejectUnlistedBodyMediaType: false,
  validateHeadersOnCopy: false,
  acceptAnnotationKeywords: false,
  http2GracefulClose: false
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

/** `schemaController`: Fastify checks the bucket factory when the server is created. */
export function checkSchemaController (controller: Record<string, unknown>): void {
  if (controller.bucket !== undefined && !isFunction(controller.bucket)) {
    throw new errorCodes.FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN(typeof controller.bucket)
  }
  const factories = controller.compilersFactory
  if (factories === undefined) return
  if (!isObject(factories)) throw new errorCodes.FST_ERR_INIT_OPTS_INVALID('schemaController.compilersFactory must be an object { buildValidator?, buildSerializer? }')
  for (const name of ['buildValidator', 'buildSerializer']) {
    const factory = (factories as Record<string, unknown>)[name]
    if (factory !== undefined && !isFunction(factory)) throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`schemaController.compilersFactory.${name} must be a function`)
  }
}

function editDistance (a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/** The known option a misspelt one most likely meant (case slips and up to two typos). */
function closestOptionName (name: string): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const known of Object.keys(optionChecks)) {
    const distance = known.toLowerCase() === name.toLowerCase() ? 0 : editDistance(known, name)
    if (distance < bestDistance) {
      best = known
      bestDistance = distance
    }
  }
  return best
}

/** Validates the options given to enclave() and fills in Fastify v4's defaults. */
export function resolveOptions (input: unknown, profile: Profile): ResolvedOptions {
  if (input === undefined || input === null) input = {}
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new errorCodes.FST_ERR_OPTIONS_NOT_OBJ()
  }
  const given = input as Record<string, unknown>
  for (const name of Object.keys(given)) {
    const value = given[name]
    if (value === undefined) continue
    const check = optionChecks[name]
    if (check === undefined) {
      const guess = closestOptionName(name)
      const hint = guess === undefined ? `Known options: ${Object.keys(optionChecks).join(', ')}` : `Did you mean '${guess}'?`
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`unknown option '${name}'. ${hint}`)
    }
    if (!check[0](value)) {
      if (name === 'querystringParser') throw new errorCodes.FST_ERR_QSP_NOT_FN(typeof value)
      if (name === 'schemaErrorFormatter') throw new errorCodes.FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN(isFunction(value) ? 'async function' : typeof value)
      throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(`option '${name}' must be ${check[1]}, got ${JSON.stringify(value) ?? typeof value}`)
    }
  }
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
  return resolved as ResolvedOptions
}
