import type { AjvCompilerOptions, AjvPluginEntry } from '@enclave/ajv'

export type AjvOptions = NonNullable<AjvCompilerOptions['customOptions']>
export type AjvOnCreate = NonNullable<AjvCompilerOptions['onCreate']>

export interface ErrorMessageOptions {
  /**
   * The most validation errors one request can produce (default 10). `allErrors` makes Ajv collect
   * every error; this bounds what reaches `error.validation`, the 400 message and the logs.
   */
  maxErrors?: number
  /** ajv-errors: keep the errors a message replaced next to it (marked `emUsed: true`). Default false. */
  keepErrors?: boolean
  /** ajv-errors: join a schema's keyword messages into one error (`true`: with '; ', or a separator). */
  singleError?: boolean | string
  /**
   * Ajv options for this context, over the application's `ajv` / `validator.customOptions`.
   * `allErrors` is always true here (ajv-errors needs it).
   */
  customOptions?: AjvOptions
  /** Ajv plugins for this context, after the application's `ajv` / `validator.plugins`. */
  plugins?: readonly AjvPluginEntry[]
  /** Called for each Ajv instance this context creates, after the application's `onCreate`. */
  onCreate?: AjvOnCreate
}
