import { camelCase, type CamelCase } from './camel-case.js'
import {
  ENC_ERR_PLUGIN_INVALID,
  ENC_ERR_PLUGIN_INVALID_NAME,
  ENC_ERR_PLUGIN_INVALID_OPTIONS,
  ENC_ERR_PLUGIN_INVALID_VERSION,
  PluginWrapperError,
  describeType
} from './errors.js'
import { kDisplayName, kPluginMeta, kSkipOverride } from './symbols.js'
import type { EnclaveInstance } from '@enclave/core'

/** Decorator names a plugin requires; symbols too, because hosts accept symbol-named decorators. */
export type DecoratorNames = ReadonlyArray<string | symbol>

export interface PluginOptions<Name extends string = string> {
  /** Identifies the plugin for `dependencies`, `hasPlugin()` and error messages. */
  name?: Name
  /** Semver range of Fastify's API the plugin needs; Enclave checks it against the Fastify version it is compatible with. */
  fastify?: string
  /** Semver range of Enclave itself. */
  enclave?: string
  /** Names of plugins that must be registered before this one (in this context or an ancestor). */
  dependencies?: readonly string[]
  /** Decorators that must exist when the plugin is registered. */
  decorators?: {
    fastify?: DecoratorNames
    request?: DecoratorNames
    reply?: DecoratorNames
  }
  /** `true` keeps the plugin in its own child context; by default it registers into its parent. */
  encapsulate?: boolean
}

/** What the host finds under `kPluginMeta`: the options, with the name always resolved. */
export interface PluginMeta extends PluginOptions {
  name: string
}

/** The `done` callback of a callback-style plugin. */
export type PluginDone = (err?: Error) => void

// Declared as a method so its parameters compare bivariantly: a plugin typed for a richer instance
// (`EnclaveInstance & { db: Db }`, Fastify's `FastifyInstance`, a test's stand-in host) still fits.
interface PluginShape {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: any options type must fit
  plugin (instance: EnclaveInstance, options: any, done: PluginDone): unknown
}
/**
 * Any plugin function. The instance type is the caller's (core's `EnclaveInstance`, Fastify's
 * `FastifyInstance`, …); a plugin written without annotations gets a plain `EnclaveInstance`, as
 * fastify-plugin gives a plain `FastifyInstance`. Only types come from core: the wrapper never calls `fn`.
 */
export type PluginFunction = PluginShape['plugin']

// The camel-case alias is only typed when the name is a literal and the alias is really set
// (the runtime skips aliases that would shadow an existing property, see `setAlias`).
type AliasOf<F, Name extends string> = [Name] extends [never]
  ? unknown
  : string extends Name
    ? unknown
    : CamelCase<Name> extends '' | keyof F | keyof Function
      ? unknown
      : { [K in CamelCase<Name>]: F }

/** The function given to `plugin()`, now carrying the markers a host reads. */
export type WrappedPlugin<F extends PluginFunction, Name extends string = never> = F & {
  default: F
  [kSkipOverride]: boolean
  [kDisplayName]: string
  [kPluginMeta]: PluginMeta
} & AliasOf<F, Name>

// The wrapper writes symbol and string keys onto a function; this is the view it writes through.
type Markable = PluginFunction & Record<PropertyKey, unknown>

// Module-wide so auto names stay distinct across every plugin wrapped in this process.
let autoNameCounter = 0

/**
 * Marks `fn` as a plugin that registers into the context that registers it (unless
 * `encapsulate: true`) and attaches its metadata. Returns the same function, mutated, so identity
 * checks and existing references keep working.
 */
// `Name` has no default on purpose: with one, TypeScript stops typing an inline plugin's parameters
// from the call it is passed to (`app.register(plugin(async (instance) => …))` would give `any`).
// Left uninferred it is `string`, which adds no alias, as `never` did.
export function plugin<F extends PluginFunction, const Name extends string> (
  fn: F | { default: F },
  options?: PluginOptions<Name> | string
): WrappedPlugin<F, Name>
/** `plugin<Options>(fn)`: the plugin's options type given explicitly, as `fp<Options>(fn)`. */
export function plugin<Options, const Name extends string = string> (
  fn: (instance: EnclaveInstance, options: Options, done: PluginDone) => unknown,
  options?: PluginOptions<Name> | string
): WrappedPlugin<(instance: EnclaveInstance, options: Options, done: PluginDone) => void, Name>
export function plugin<F extends PluginFunction, const Name extends string> (
  fn: F | { default: F },
  options?: PluginOptions<Name> | string
): WrappedPlugin<F, Name> {
  const target = unwrapDefault(fn)
  if (typeof target !== 'function') {
    throw new PluginWrapperError(
      ENC_ERR_PLUGIN_INVALID,
      `@enclave/plugin expects a function, instead got a '${describeType(target)}'`
    )
  }
  const opts = normalizeOptions(options)
  const givenName = opts.name === '' ? undefined : opts.name
  const name = givenName ?? `${target.name || 'plugin'}-auto-${autoNameCounter++}`
  // A copy, not the caller's object: one options object reused for two plugins must not hand the
  // first plugin's auto name to the second (fastify-plugin mutates it in place).
  const meta: PluginMeta = { ...opts, name }

  const marked = target as Markable
  marked[kSkipOverride] = opts.encapsulate !== true
  marked[kDisplayName] = name
  marked[kPluginMeta] = meta
  // Transpiled ESM consumers reach the export through `.default`; pointing it at itself makes
  // `require(x).default` and `import x` the same function.
  marked.default = marked
  if (givenName !== undefined) setAlias(marked, camelCase(givenName))
  return marked as unknown as WrappedPlugin<F, Name>
}

/**
 * Accepts what transpilers and `require()` of ES modules hand over: a namespace or a function whose
 * `default` is the plugin. Only a function-valued `default` counts, so an unrelated `default`
 * property on a real plugin function does not replace it.
 */
function unwrapDefault (fn: unknown): unknown {
  if ((typeof fn === 'function' || (typeof fn === 'object' && fn !== null)) &&
      typeof (fn as { default?: unknown }).default === 'function') {
    return (fn as { default: unknown }).default
  }
  return fn
}

function normalizeOptions (options: unknown): PluginOptions {
  if (options === undefined) return {}
  // The short form `plugin(fn, '4.x')` only states the Fastify range.
  if (typeof options === 'string') return { fastify: options }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new PluginWrapperError(
      ENC_ERR_PLUGIN_INVALID_OPTIONS,
      `@enclave/plugin expects the options to be an object or a version string, instead got a '${describeType(options)}'`
    )
  }
  const opts = options as Record<string, unknown>
  if (opts.name !== undefined && typeof opts.name !== 'string') {
    throw new PluginWrapperError(
      ENC_ERR_PLUGIN_INVALID_NAME,
      `@enclave/plugin expects the 'name' option to be a string, instead got a '${describeType(opts.name)}'`
    )
  }
  for (const key of ['fastify', 'enclave'] as const) {
    if (opts[key] !== undefined && typeof opts[key] !== 'string') {
      throw new PluginWrapperError(
        ENC_ERR_PLUGIN_INVALID_VERSION,
        `@enclave/plugin expects the '${key}' option to be a version string, instead got a '${describeType(opts[key])}'`
      )
    }
  }
  return opts as PluginOptions
}

/**
 * Adds the camel-case alias unless it would overwrite something: a name such as 'name', 'bind' or
 * '__proto__' maps onto a property functions already have, and assigning it would throw (read-only
 * `name`) or break the function (`bind`, the prototype chain).
 */
function setAlias (fn: Markable, alias: string): void {
  if (alias === '') return
  if (alias in fn && fn[alias] !== fn) return
  fn[alias] = fn
}
