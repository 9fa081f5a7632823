/** listen()'s argument forms, as Fastify 4.29 reads them (the deprecated positional ones included), normalised to options and a callback. */
import type { ListenOptions as PublicListenOptions } from '../types/instance.js'
import { warnings } from '../errors/warnings.js'

/** The options `listen()` takes at run time: the public ones, with a port given as a string too (as Fastify parses it). */
export type ListenOptions = Omit<PublicListenOptions, 'port'> & { port?: number | string }

export type ListenCallback = (error: Error | null, address?: string | null) => void

/** Fastify 4 still accepts `listen(port, host, backlog, cb)`, with its deprecation warning, once a process. */
function warnVariadicListen (): void {
  warnings.FSTDEP011()
}

/** A positional port as Fastify 4 reads it: anything that is not a valid port means "a free port". */
function positionalPort (value: unknown): number {
  if (Number.isInteger(value)) return value as number
  const port = Number(value)
  return Number.isInteger(port) && port >= 0 ? port : 0
}

/** `(port[, host[, backlog]])` or `(pipePath[, backlog])`, the deprecated positional forms. */
function positionalOptions (args: unknown[]): ListenOptions {
  const first = args[0]
  if (typeof first === 'string' && Number.isNaN(Number(first))) {
    return { path: first, backlog: args.length > 1 ? args[args.length - 1] as number : undefined }
  }
  return {
    port: positionalPort(first),
    host: typeof args[1] === 'string' && args[1] !== '' ? args[1] : 'localhost',
    backlog: args.length >= 3 ? args[2] as number : undefined
  }
}

/**
 * Fastify 5 removed the positional forms: `listen(port, …)` (or `listen(null)`) fails at once with
 * the TypeError Fastify 5 throws for it, before anything is bound.
 */
export function refusePositionalListen (first: unknown): void {
  if (first === undefined || typeof first === 'function' || (typeof first === 'object' && first !== null)) return
  if (first === null) throw new TypeError("Cannot read properties of null (reading 'signal')")
  throw new TypeError(`Cannot create property 'host' on ${typeof first} '${String(first)}'`)
}

/**
 * `listen()`'s forms, as Fastify 4.29 reads them: `()`, `(options)`, `(options, cb)`, `(cb)`, and
 * the deprecated positional forms `(port, host, backlog, cb)` and `(options, host, …, cb)`.
 */
export function normaliseListenArguments (input: unknown[]): { options: ListenOptions, callback: ListenCallback | undefined } {
  if (input.length === 0) return { options: {}, callback: undefined }
  const args = input.slice()
  const callback = typeof args[args.length - 1] === 'function' ? args.pop() as ListenCallback : undefined
  const first = input[0]
  if (typeof first === 'function') return { options: {}, callback }
  if (first === null || typeof first !== 'object') {
    warnVariadicListen()
    return { options: positionalOptions(args), callback }
  }
  const options = first as ListenOptions
  // Fastify 4 reads the positional form only when more than one argument follows the options:
  // `listen(options, undefined)` is the options form.
  if (input.length > 2) {
    warnVariadicListen()
    const start: unknown[] = options.path !== undefined ? [options.path] : [options.port ?? 0, options.host ?? 'localhost']
    return { options: { ...options, ...positionalOptions(start.concat(args.slice(1))) }, callback }
  }
  return { options, callback }
}

/**
 * `listen()`'s forms as Fastify 5 reads them: `()`, `(options)`, `(options, cb)` and `(cb)`. Fastify 5
 * has no positional form: what follows the callback's place is ignored, without a warning.
 */
export function normaliseListenArgumentsV5 (input: unknown[]): { options: ListenOptions, callback: ListenCallback | undefined } {
  const first = input[0]
  if (typeof first === 'function') return { options: {}, callback: first as ListenCallback }
  const options = (first ?? {}) as ListenOptions
  return { options, callback: typeof input[1] === 'function' ? input[1] as ListenCallback : undefined }
}
